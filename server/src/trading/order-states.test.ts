import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { EXCHANGE_STATUS_DISPLAY } from '@pasar/shared/contract';
import {
  IllegalTransition,
  INITIAL_ORDER_STATE,
  OPEN_ORDER_STATES,
  ORDER_EVENTS,
  ORDER_TRANSITIONS,
  allStatePairs,
  applyEvents,
  canApply,
  isFinal,
  isOpen,
  next,
  reachableStates,
  transitionTableMarkdown,
  type OrderEvent,
  type OrderState,
} from './order-states';

const key = (s: OrderState) => `${s.status}/${s.exchangeStatus}`;

describe('the order transition table', () => {
  it('reaches exactly the open states, the three final outcomes and a cancel from each pre-fill stage', () => {
    expect(reachableStates().map(key).sort()).toEqual(
      [
        'PENDING/PENDING',
        'PENDING/WAITING_TO_BE_SENT',
        'PENDING/SENT_TO_EXCHANGE',
        'PENDING/ACCEPTED_FROM_EXCHANGE',
        'PENDING/AMEND_REQUESTED',
        'PARTIALLY_FILLED/ACCEPTED_FROM_EXCHANGE',
        'PARTIALLY_FILLED/AMEND_REQUESTED',
        'SUCCESS/SUCCESS',
        'FAILED/REJECTED_FROM_EXCHANGE',
        'FAILED/FAILED',
        'CANCELLED/PENDING',
        'CANCELLED/WAITING_TO_BE_SENT',
        'CANCELLED/SENT_TO_EXCHANGE',
        'CANCELLED/ACCEPTED_FROM_EXCHANGE',
      ].sort(),
    );
  });

  it('is a function: one target per (state, event), only from open states', () => {
    const seen = new Set<string>();
    for (const tr of ORDER_TRANSITIONS) {
      const k = `${key(tr.from)}:${tr.event}`;
      expect(seen.has(k)).toBe(false);
      seen.add(k);
      expect(isOpen(tr.from)).toBe(true);
    }
  });

  it('never moves a cancelled, failed or filled order again', () => {
    const finals = allStatePairs().filter(isFinal);
    expect(finals.length).toBeGreaterThan(0);
    for (const state of finals) {
      for (const event of ORDER_EVENTS) {
        expect(canApply(state, event)).toBe(false);
        expect(() => next(state, event)).toThrow(IllegalTransition);
      }
    }
  });

  it('lets every open order be cancelled, and ends it CANCELLED', () => {
    for (const state of OPEN_ORDER_STATES) expect(next(state, 'CANCEL').status).toBe('CANCELLED');
  });

  it('cancels a partially filled order to CANCELLED (its filled part is kept by the order, not the status)', () => {
    const partial = applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'ACCEPT', 'PARTIAL_FILL');
    expect(partial).toEqual({ status: 'PARTIALLY_FILLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE' });
    expect(next(partial, 'CANCEL')).toEqual({ status: 'CANCELLED', exchangeStatus: 'ACCEPTED_FROM_EXCHANGE' });
  });

  it('walks the paths of each order type', () => {
    // Market: fills at once, or the matcher refuses it (band, depth).
    expect(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'FILL')).toEqual({ status: 'SUCCESS', exchangeStatus: 'SUCCESS' });
    expect(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'REJECT')).toEqual({ status: 'FAILED', exchangeStatus: 'REJECTED_FROM_EXCHANGE' });
    // Limit: rests, fills in parts.
    expect(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'ACCEPT', 'PARTIAL_FILL', 'PARTIAL_FILL', 'FILL')).toEqual({
      status: 'SUCCESS',
      exchangeStatus: 'SUCCESS',
    });
    // Limit crossing at once for part of it, then resting.
    expect(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'PARTIAL_FILL')).toEqual({
      status: 'PARTIALLY_FILLED',
      exchangeStatus: 'ACCEPTED_FROM_EXCHANGE',
    });
    // Stop-limit: waits, is amended in place, triggers, rests as a limit, is amended on the book.
    const stopLimit = applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'AMEND_DONE', 'TRIGGER', 'ACCEPT', 'AMEND_REQUEST');
    expect(stopLimit).toEqual({ status: 'PENDING', exchangeStatus: 'AMEND_REQUESTED' });
    expect(applyEvents(stopLimit, 'AMEND_DONE', 'FILL').status).toBe('SUCCESS');
  });

  it('refuses what makes no sense', () => {
    const waiting = applyEvents(INITIAL_ORDER_STATE, 'PLACE');
    const resting = applyEvents(waiting, 'SEND', 'ACCEPT');
    const cases: [OrderState, OrderEvent][] = [
      [waiting, 'FILL'], // an untriggered stop cannot fill
      [waiting, 'PLACE'],
      [waiting, 'AMEND_REQUEST'], // nothing was sent: amended in place
      [resting, 'TRIGGER'],
      [resting, 'REJECT'], // a resting order is cancelled or fails, the matcher already took it
      [applyEvents(resting, 'AMEND_REQUEST'), 'FILL'],
      [INITIAL_ORDER_STATE, 'FILL'],
    ];
    for (const [state, event] of cases) expect(() => next(state, event)).toThrow(IllegalTransition);
  });

  it('shows what the exchange-status display mapping of §4 says', () => {
    const display = (s: OrderState) => EXCHANGE_STATUS_DISPLAY[s.exchangeStatus];
    expect(display(applyEvents(INITIAL_ORDER_STATE, 'PLACE'))).toBe('PENDING');
    expect(display(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'ACCEPT'))).toBe('ACCEPTED');
    expect(display(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'REJECT'))).toBe('REJECTED');
    expect(display(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'ACCEPT', 'AMEND_REQUEST'))).toBe('AMEND REQUESTED');
    expect(display(applyEvents(INITIAL_ORDER_STATE, 'PLACE', 'SEND', 'FILL'))).toBe('SUCCESS');
  });

  it('random event sequences: only table moves, final stays final, statuses tell the fill history', () => {
    const reachable = new Set(reachableStates().map(key));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDER_EVENTS), { maxLength: 40 }), (events) => {
        let state = INITIAL_ORDER_STATE;
        let partials = 0;
        let filled = false;
        for (const event of events) {
          const wasFinal = isFinal(state);
          let moved: OrderState | null = null;
          try {
            moved = next(state, event);
          } catch (error) {
            expect(error).toBeInstanceOf(IllegalTransition);
            expect(canApply(state, event)).toBe(false);
            continue;
          }
          expect(wasFinal).toBe(false);
          if (event === 'PARTIAL_FILL') partials += 1;
          if (event === 'FILL') filled = true;
          state = moved;
          expect(reachable.has(key(state))).toBe(true);
          expect(isOpen(state)).toBe(!isFinal(state));
        }
        if (state.status === 'PARTIALLY_FILLED') expect(partials).toBeGreaterThan(0);
        expect(state.status === 'SUCCESS').toBe(filled);
      }),
      { numRuns: 2000 },
    );
  });

  it('is printed in decision 0013 exactly as the code has it', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/decisions/0013-crypto-orders.md'), 'utf8');
    expect(doc).toContain(transitionTableMarkdown());
  });
});
