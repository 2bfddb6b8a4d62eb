// The client's checks of an alert's target before it is sent (the server checks the same and has
// the last word): a positive decimal, on the instrument's tick, not the current price. Decimal
// math only (decimal.js through @pasar/shared/trading); a price picked on the chart is rounded to
// the tick here.
import { floorToStep, plain, TradingDecimal } from '@pasar/shared/trading';

export type TargetProblem = 'required' | 'invalid' | 'offTick' | 'equal';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** Why `target` cannot be an alert's target, or null when it can. */
export function targetProblem(target: string, tick: string, current: string | undefined): TargetProblem | null {
  const value = target.trim();
  if (!value) return 'required';
  if (!DECIMAL.test(value) || new TradingDecimal(value).lte(0)) return 'invalid';
  if (!new TradingDecimal(value).mod(tick).isZero()) return 'offTick';
  if (current !== undefined && new TradingDecimal(value).eq(current)) return 'equal';
  return null;
}

/** A price picked on the chart (a number of the canvas) as a target on the tick grid. */
export function targetOnTick(picked: number | string, tick: string): string {
  const value = new TradingDecimal(typeof picked === 'number' ? picked.toFixed(18) : picked);
  const step = new TradingDecimal(tick);
  const below = floorToStep(value, step);
  const above = below.plus(step);
  const nearest = value.minus(below).lt(above.minus(value)) ? below : above;
  return plain(nearest.lte(0) ? step : nearest);
}
