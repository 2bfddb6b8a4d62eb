// IDX price rules (domain.md): the tick grid by price band and the auto-rejection band from the
// previous close. Prices here are whole Rupiah, so plain numbers are exact.

import { idxTickSize } from '@pasar/shared/trading';

/** The one tick function (`@pasar/shared/trading`, the order ticket steps prices with it too). */
export { idxTickSize, isOnIdxGrid } from '@pasar/shared/trading';

/** Auto-rejection-above fraction by the previous close: 35% (50–200), 25% (200–5,000), 20% above. */
export function araFraction(previousClose: number): number {
  if (previousClose <= 200) return 0.35;
  if (previousClose <= 5000) return 0.25;
  return 0.2;
}

/** Auto-rejection-below: 15% for every band (since April 2025, as reported). */
export const ARB_FRACTION = 0.15;

/** The lowest price IDX allows on the regular board. */
export const IDX_MIN_PRICE = 50;

/** Round a price down onto the grid (the tick depends on the price itself). */
export function floorToTick(price: number): number {
  const tick = idxTickSize(price);
  const p = Math.floor(price / tick + 1e-9) * tick;
  // At a band boundary the lower band's tick may apply.
  return idxTickSize(p) === tick ? p : Math.floor(price / idxTickSize(p) + 1e-9) * idxTickSize(p);
}

export function ceilToTick(price: number): number {
  const tick = idxTickSize(price);
  return Math.ceil(price / tick - 1e-9) * tick;
}

export function roundToTick(price: number): number {
  const tick = idxTickSize(price);
  return Math.round(price / tick) * tick;
}

/** [ARB, ARA] price limits for a day from the previous close, both on the tick grid. */
export function idxBand(previousClose: number): { low: number; high: number } {
  const high = floorToTick(previousClose * (1 + araFraction(previousClose)));
  const low = Math.max(IDX_MIN_PRICE, ceilToTick(previousClose * (1 - ARB_FRACTION)));
  return { low, high };
}

/** Snap a price onto the grid inside the band. */
export function idxClamp(price: number, band: { low: number; high: number }): number {
  const p = roundToTick(Math.min(band.high, Math.max(band.low, price)));
  return Math.min(band.high, Math.max(band.low, p));
}


/**
 * An IDX instrument as published at a price: its tick, and the order book's one granularity, are
 * the band's at that price (the catalogue's were taken at its anchor price, and prices move across
 * bands). Other instruments pass through.
 */
export function idxInstrumentAt<T extends { readonly kind: string; readonly tickSize: string; readonly granularities: readonly string[] }>(inst: T, price: number): T {
  if (inst.kind !== 'idx') return inst;
  const tick = String(idxTickSize(price));
  return { ...inst, tickSize: tick, granularities: [tick] };
}
