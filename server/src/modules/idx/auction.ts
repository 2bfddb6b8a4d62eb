// The IDX call auction's one price (pre-opening 08:45–09:00, pre-closing 15:50–16:00; decision
// 0018): of the limit prices in the book, the price that maximises the matched volume
// (min(Σ buys at or above it, Σ sells at or below it)); a tie goes to the price nearest the
// previous close, and a remaining tie to the higher price. Orders then fill at that one price in
// price-then-time priority: better-priced orders first, at the price by arrival. Pure.

export interface AuctionOrder {
  readonly id: string;
  readonly side: 'BUY' | 'SELL';
  /** Whole Rupiah. */
  readonly price: number;
  /** Shares. */
  readonly quantity: number;
  /** Arrival order (earlier first). */
  readonly seq: number;
}

export interface AuctionResult {
  /** null: nothing crosses (no trade). */
  readonly price: number | null;
  readonly volume: number;
  /** Shares each order fills at the price, by order id (orders that fill nothing are absent). */
  readonly fills: ReadonlyMap<string, number>;
}

/** Shares that match at `price`. */
export function matchedVolumeAt(orders: readonly AuctionOrder[], price: number): number {
  let buys = 0;
  let sells = 0;
  for (const o of orders) {
    if (o.side === 'BUY' && o.price >= price) buys += o.quantity;
    if (o.side === 'SELL' && o.price <= price) sells += o.quantity;
  }
  return Math.min(buys, sells);
}

/** The auction price of a book by IDX's rules, and what each order fills at it. */
export function auctionPrice(orders: readonly AuctionOrder[], previousClose: number): AuctionResult {
  const candidates = [...new Set(orders.map((o) => o.price))];
  let best: { price: number; volume: number } | null = null;
  for (const price of candidates) {
    const volume = matchedVolumeAt(orders, price);
    if (volume <= 0) continue;
    if (
      best === null ||
      volume > best.volume ||
      (volume === best.volume && Math.abs(price - previousClose) < Math.abs(best.price - previousClose)) ||
      (volume === best.volume && Math.abs(price - previousClose) === Math.abs(best.price - previousClose) && price > best.price)
    ) {
      best = { price, volume };
    }
  }
  if (best === null) return { price: null, volume: 0, fills: new Map() };
  const { price, volume } = best;
  const fills = new Map<string, number>();
  const allocate = (side: 'BUY' | 'SELL') => {
    const eligible = orders
      .filter((o) => o.side === side && (side === 'BUY' ? o.price >= price : o.price <= price))
      .sort((a, b) => (side === 'BUY' ? b.price - a.price : a.price - b.price) || a.seq - b.seq);
    let left = volume;
    for (const o of eligible) {
      if (left <= 0) break;
      const q = Math.min(o.quantity, left);
      fills.set(o.id, q);
      left -= q;
    }
  };
  allocate('BUY');
  allocate('SELL');
  return { price, volume, fills };
}
