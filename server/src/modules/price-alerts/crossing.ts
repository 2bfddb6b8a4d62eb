// When a price alert fires: the crossing state machine, pure. An alert waits for the price to
// reach its target going one way (`waitFor`): UP is reached when last >= target (last > target when
// `strict`), DOWN when last <= target (< when strict). Reaching it is a crossing that way. The
// crossing fires the alert when the alert's direction allows it (EITHER allows both); then the
// alert waits for the other way (a one-shot alert that fired is done). A crossing reached at
// exactly the target makes the next wait strict, so a price hovering at the target crosses once:
// the price must move strictly back across before anything happens again. A jump over the target
// between two ticks is a crossing like any other (the comparison is against the tick, not a path).
import type { PriceAlertDirection } from '@pasar/shared/contract';
import { priceKey } from '../../trading/resting-index';
import type { Crossed } from './tables';

export interface CrossingState {
  readonly waitFor: Crossed;
  readonly strict: boolean;
}

/** The state of a new (or moved) alert: it waits for the way the target lies from the price now. Null when they are equal. */
export function armedState(target: string, price: string): CrossingState | null {
  const t = priceKey(target);
  const p = priceKey(price);
  if (t === p) return null;
  return { waitFor: t > p ? 'UP' : 'DOWN', strict: false };
}

/** Whether `price` reaches the target the way the state waits for. */
export function reaches(state: CrossingState, target: string, price: string): boolean {
  const t = priceKey(target);
  const p = priceKey(price);
  if (state.waitFor === 'UP') return state.strict ? p > t : p >= t;
  return state.strict ? p < t : p <= t;
}

export interface CrossingOutcome {
  /** The crossing fires the alert (its direction allows this way). */
  readonly fires: boolean;
  /** What it waits for next (a one-shot alert that fired is TRIGGERED instead). */
  readonly next: CrossingState;
}

/** The outcome of a crossing `state.waitFor` at `price`. */
export function cross(state: CrossingState, direction: PriceAlertDirection, target: string, price: string): CrossingOutcome {
  const fires = direction === 'EITHER' || direction === state.waitFor;
  const atTarget = priceKey(target) === priceKey(price);
  return { fires, next: { waitFor: state.waitFor === 'UP' ? 'DOWN' : 'UP', strict: atTarget } };
}

const ONE = 1n;
/** 10^-18: the smallest step of an index key. */
const EPSILON = (key: bigint): string => {
  const s = key.toString().padStart(19, '0');
  const int = s.slice(0, -18).replace(/^0+(?=\d)/, '');
  const frac = s.slice(-18).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
};

/**
 * The price at which the resting index (stop semantics: a BUY stop fires at last >= price, a SELL
 * stop at last <= price) must hold the alert so that it fires exactly when `reaches` says: a strict
 * wait moves the key one 10^-18 step beyond the target.
 */
export function indexPrice(state: CrossingState, target: string): string {
  const key = priceKey(target);
  if (!state.strict) return EPSILON(key);
  return EPSILON(state.waitFor === 'UP' ? key + ONE : key - ONE);
}
