// THE transition table of a crypto order (§4): the order status × the exchange-order status,
// moved by events. Every status change of an order goes through `next`, so no code path can
// reach a state the table does not allow. Decision 0013 prints the table (`transitionTableMarkdown`).
//
// Decisions written down here:
// - PLACE stores the order with its hold (WAITING_TO_BE_SENT); SEND hands a market or limit order
//   to the matcher at once; a stop order waits until its stop is crossed (TRIGGER).
// - A partially filled order that is cancelled (or fails) becomes CANCELLED (FAILED) and keeps its
//   filled part: filledQuantity > 0 and its fills stay. PARTIALLY_FILLED always means "open, some
//   of it filled". The exchange status then stays what the venue last said (the venue has no
//   cancelled state); an amend in flight is dropped (back to ACCEPTED_FROM_EXCHANGE).
// - A resting order is amended AMEND_REQUEST -> AMEND_DONE (accepted or not, it rests again). An
//   untriggered stop was never sent, so it is amended in place: AMEND_DONE alone.
// - SUCCESS, FAILED and CANCELLED are final: no event moves them.
import type { ExchangeOrderStatus, OrderStatus } from '@pasar/shared/contract';
import { EXCHANGE_ORDER_STATUSES, ORDER_STATUSES } from '@pasar/shared/contract';

export interface OrderState {
  readonly status: OrderStatus;
  readonly exchangeStatus: ExchangeOrderStatus;
}

export const ORDER_EVENTS = [
  'PLACE',
  'SEND',
  'TRIGGER',
  'ACCEPT',
  'PARTIAL_FILL',
  'FILL',
  'AMEND_REQUEST',
  'AMEND_DONE',
  'CANCEL',
  'REJECT',
  'FAIL',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** What each event means (printed with the table). */
export const ORDER_EVENT_MEANINGS: Readonly<Record<OrderEvent, string>> = {
  PLACE: 'the order is stored and its hold taken',
  SEND: 'a market or limit order goes to the matcher at once',
  TRIGGER: "a stop order's stop price is crossed by the last price; it goes to the matcher",
  ACCEPT: 'a limit order (or a triggered stop-limit) rests on the book',
  PARTIAL_FILL: 'part of the order fills; the rest rests',
  FILL: 'the (rest of the) order fills',
  AMEND_REQUEST: 'the user asks to amend a resting order',
  AMEND_DONE: 'the amend is applied (or refused) and the order rests again',
  CANCEL: 'the user cancels, the OCO sibling filled, or the order expired; the hold is released',
  REJECT: 'the matcher refuses the order (price band, depth, limit out of range); the hold is released',
  FAIL: 'an internal failure ends the order; the hold is released',
};

export const INITIAL_ORDER_STATE: OrderState = { status: 'PENDING', exchangeStatus: 'PENDING' };

export interface Transition {
  readonly from: OrderState;
  readonly event: OrderEvent;
  readonly to: OrderState;
}

const s = (status: OrderStatus, exchangeStatus: ExchangeOrderStatus): OrderState => ({ status, exchangeStatus });
const t = (from: OrderState, event: OrderEvent, to: OrderState): Transition => ({ from, event, to });

const NEW = s('PENDING', 'PENDING');
const WAITING = s('PENDING', 'WAITING_TO_BE_SENT');
const SENT = s('PENDING', 'SENT_TO_EXCHANGE');
const RESTING = s('PENDING', 'ACCEPTED_FROM_EXCHANGE');
const AMENDING = s('PENDING', 'AMEND_REQUESTED');
const PARTIAL = s('PARTIALLY_FILLED', 'ACCEPTED_FROM_EXCHANGE');
const PARTIAL_AMENDING = s('PARTIALLY_FILLED', 'AMEND_REQUESTED');
const FILLED = s('SUCCESS', 'SUCCESS');
const REJECTED = s('FAILED', 'REJECTED_FROM_EXCHANGE');
const FAILED = s('FAILED', 'FAILED');

/** The open states: the ones an order can leave. Every other pair is final or unreachable. */
export const OPEN_ORDER_STATES: readonly OrderState[] = [NEW, WAITING, SENT, RESTING, AMENDING, PARTIAL, PARTIAL_AMENDING];

/** Every allowed transition; any (state, event) not listed is illegal. */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  t(NEW, 'PLACE', WAITING),
  t(NEW, 'REJECT', REJECTED),
  t(NEW, 'CANCEL', s('CANCELLED', 'PENDING')),
  t(NEW, 'FAIL', FAILED),

  t(WAITING, 'SEND', SENT),
  t(WAITING, 'TRIGGER', SENT),
  t(WAITING, 'AMEND_DONE', WAITING),
  t(WAITING, 'REJECT', REJECTED),
  t(WAITING, 'CANCEL', s('CANCELLED', 'WAITING_TO_BE_SENT')),
  t(WAITING, 'FAIL', FAILED),

  t(SENT, 'ACCEPT', RESTING),
  t(SENT, 'PARTIAL_FILL', PARTIAL),
  t(SENT, 'FILL', FILLED),
  t(SENT, 'REJECT', REJECTED),
  t(SENT, 'CANCEL', s('CANCELLED', 'SENT_TO_EXCHANGE')),
  t(SENT, 'FAIL', FAILED),

  t(RESTING, 'PARTIAL_FILL', PARTIAL),
  t(RESTING, 'FILL', FILLED),
  t(RESTING, 'AMEND_REQUEST', AMENDING),
  t(RESTING, 'CANCEL', s('CANCELLED', 'ACCEPTED_FROM_EXCHANGE')),
  t(RESTING, 'FAIL', FAILED),

  t(AMENDING, 'AMEND_DONE', RESTING),
  t(AMENDING, 'CANCEL', s('CANCELLED', 'ACCEPTED_FROM_EXCHANGE')),
  t(AMENDING, 'FAIL', FAILED),

  t(PARTIAL, 'PARTIAL_FILL', PARTIAL),
  t(PARTIAL, 'FILL', FILLED),
  t(PARTIAL, 'AMEND_REQUEST', PARTIAL_AMENDING),
  t(PARTIAL, 'CANCEL', s('CANCELLED', 'ACCEPTED_FROM_EXCHANGE')),
  t(PARTIAL, 'FAIL', FAILED),

  t(PARTIAL_AMENDING, 'AMEND_DONE', PARTIAL),
  t(PARTIAL_AMENDING, 'CANCEL', s('CANCELLED', 'ACCEPTED_FROM_EXCHANGE')),
  t(PARTIAL_AMENDING, 'FAIL', FAILED),
];

const keyOf = (state: OrderState): string => `${state.status}/${state.exchangeStatus}`;
const TABLE: ReadonlyMap<string, OrderState> = new Map(ORDER_TRANSITIONS.map((tr) => [`${keyOf(tr.from)}:${tr.event}`, tr.to]));
const OPEN_KEYS: ReadonlySet<string> = new Set(OPEN_ORDER_STATES.map(keyOf));

export class IllegalTransition extends Error {
  constructor(
    readonly state: OrderState,
    readonly event: OrderEvent,
  ) {
    super(`illegal order transition: ${event} from ${keyOf(state)}`);
    this.name = 'IllegalTransition';
  }
}

/** The state `event` moves `state` to; throws IllegalTransition when the table does not allow it. */
export function next(state: OrderState, event: OrderEvent): OrderState {
  const to = TABLE.get(`${keyOf(state)}:${event}`);
  if (!to) throw new IllegalTransition(state, event);
  return to;
}

/** Applies events in order (e.g. PLACE, SEND, FILL for a market order). */
export const applyEvents = (state: OrderState, ...events: OrderEvent[]): OrderState => events.reduce(next, state);

export const canApply = (state: OrderState, event: OrderEvent): boolean => TABLE.has(`${keyOf(state)}:${event}`);

/** Open: PENDING or PARTIALLY_FILLED with a live exchange status (cancellable, may fill). */
export const isOpen = (state: OrderState): boolean => OPEN_KEYS.has(keyOf(state));

/** SUCCESS, FAILED and CANCELLED never change again. */
export const isFinal = (state: OrderState): boolean => state.status === 'SUCCESS' || state.status === 'FAILED' || state.status === 'CANCELLED';

/** Every (status, exchange status) pair some sequence of events reaches from INITIAL_ORDER_STATE. */
export function reachableStates(): OrderState[] {
  const seen = new Map<string, OrderState>([[keyOf(INITIAL_ORDER_STATE), INITIAL_ORDER_STATE]]);
  const queue = [INITIAL_ORDER_STATE];
  while (queue.length > 0) {
    const from = queue.shift() as OrderState;
    for (const tr of ORDER_TRANSITIONS) {
      if (keyOf(tr.from) === keyOf(from) && !seen.has(keyOf(tr.to))) {
        seen.set(keyOf(tr.to), tr.to);
        queue.push(tr.to);
      }
    }
  }
  return [...seen.values()];
}

/** Every pair of the two enumerations, reachable or not (for tests). */
export const allStatePairs = (): OrderState[] => ORDER_STATUSES.flatMap((st) => EXCHANGE_ORDER_STATUSES.map((ex) => s(st, ex)));

/** The table as Markdown: one row per open state, one column per event (decision 0013 prints it). */
export function transitionTableMarkdown(): string {
  const header = `| status / exchange status | ${ORDER_EVENTS.join(' | ')} |`;
  const rule = `|---|${ORDER_EVENTS.map(() => '---').join('|')}|`;
  const rows = OPEN_ORDER_STATES.map((from) => {
    const cells = ORDER_EVENTS.map((event) => {
      const to = TABLE.get(`${keyOf(from)}:${event}`);
      return to ? keyOf(to) : '·';
    });
    return `| ${keyOf(from)} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
