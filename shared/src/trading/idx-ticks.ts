// The IDX price grid, once for the server and the order ticket: the tick of a price by its band
// (below Rp200: 1; Rp200–<500: 2; Rp500–<2,000: 5; Rp2,000–<5,000: 10; Rp5,000 and up: 25), and
// a price stepped one tick up or down across band edges (2,000 − one tick is 1,995, not 1,990).
// Prices are whole Rupiah, so plain numbers are exact.

/** Tick size of a price. */
export function idxTickSize(price: number): number {
  if (price < 200) return 1;
  if (price < 500) return 2;
  if (price < 2000) return 5;
  if (price < 5000) return 10;
  return 25;
}

/** Whole Rupiah on the grid of its own band. */
export const isOnIdxGrid = (price: number): boolean => Number.isInteger(price) && price > 0 && price % idxTickSize(price) === 0;

/** The next price on the grid above (`+1`) or below (`-1`) a price (off-grid prices snap first). */
export function stepIdxPrice(price: number, direction: 1 | -1): number {
  if (direction === 1) {
    const tick = idxTickSize(price);
    return Math.floor(price / tick) * tick + tick;
  }
  if (price <= 1) return 1;
  // Below a band edge the lower band's tick applies: step from the price just under it.
  const tick = idxTickSize(price - 1);
  return Math.ceil(price / tick) * tick - tick;
}
