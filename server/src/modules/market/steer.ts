// Steering the simulated market (development and tests only; the route does not exist in
// production): the admin route's rules over `app.market.steer` / `clearSteer`.
import type { AdminSteerBody, MarketSteer } from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { MarketRuntime, SteerState } from '../../market/runtime';

const view = (symbol: string, steer: SteerState | null): MarketSteer =>
  steer
    ? {
        symbol: steer.symbol,
        steered: true,
        price: steer.price,
        since: new Date(steer.since).toISOString(),
        until: steer.until === null ? null : new Date(steer.until).toISOString(),
      }
    : { symbol, steered: false, price: null, since: null, until: null };

/** Sets or clears a symbol's steer; 003 for a symbol the market does not list. */
export function applySteer(market: MarketRuntime, body: AdminSteerBody, now: number = Date.now()): MarketSteer {
  const inst = market.instrument(body.symbol);
  if (!inst) throw new AppError('003');
  if (body.clear) {
    market.clearSteer(inst.symbol);
    return view(inst.symbol, null);
  }
  const until = body.durationSeconds === undefined ? null : now + body.durationSeconds * 1000;
  return view(inst.symbol, market.steer(inst.symbol, { price: body.price!, until, since: now }));
}
