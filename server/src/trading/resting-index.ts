// Resting orders per symbol, evaluated on every price tick in time proportional to what the tick
// hits, not to how many orders rest (issue 6). Four binary heaps per symbol, each with the order
// closest to firing at its head (price, then time): limit buys (highest first; crossed when ask ≤
// limit), limit sells (lowest first; bid ≥ limit), stop buys (lowest first; triggered when last ≥
// stop) and stop sells (highest first; last ≤ stop). Whatever a tick hits sits in a subtree
// holding the head, so `evaluate` visits only the hits and their children. Every node knows its
// place in its heap, so removing one order by id is O(log n).
//
// Prices become exact integers (bigint, 18 decimals): comparisons are exact, no floats. A
// stop-limit rests as a STOP; once triggered the caller removes it and adds the LIMIT. OCO legs are
// two entries: the caller resolves the race when one tick hits both.
import type { TradeSide } from '@pasar/shared/trading';

export type RestingKind = 'LIMIT' | 'STOP';

export interface RestingOrder {
  readonly id: string;
  readonly symbol: string;
  readonly side: TradeSide;
  readonly kind: RestingKind;
  /** The limit price (LIMIT) or the stop price (STOP), a decimal string with at most 18 decimals. */
  readonly price: string;
}

/** A price tick: any field left out is not evaluated (stops need last; limit buys ask; limit sells bid). */
export interface PriceTick {
  readonly last?: string;
  readonly bid?: string;
  readonly ask?: string;
}

export interface TickHits<T extends RestingOrder = RestingOrder> {
  /** Stop orders whose stop the last price crossed: stop buys then stop sells, each best first (price, then time). */
  readonly triggered: T[];
  /** Limit orders the bid/ask crossed: limit buys then limit sells, each best first. */
  readonly crossed: T[];
}

const SCALE = 18;
const DECIMAL = /^(\d+)(?:\.(\d{1,18}))?$/;

/** A decimal string as an exact integer of 10^-18 units. */
export function priceKey(price: string): bigint {
  const m = DECIMAL.exec(price);
  if (!m) throw new RangeError(`not a price with at most ${SCALE} decimals: ${JSON.stringify(price)}`);
  return BigInt(m[1] + (m[2] ?? '').padEnd(SCALE, '0'));
}

interface Node<T> {
  readonly order: T;
  readonly key: bigint;
  /** Number(key): a fast first comparison. Rounding to a double keeps order (never reverses it), so
   * unequal approximations decide and equal ones fall back to the exact key. */
  readonly approx: number;
  readonly seq: number;
  pos: number;
  readonly heap: Heap<T>;
}

/** A binary heap whose nodes track their index. `high`: highest price first; ties: oldest first. */
class Heap<T> {
  readonly nodes: Node<T>[] = [];
  constructor(readonly high: boolean) {}

  before(a: Node<T>, b: Node<T>): boolean {
    if (a.approx !== b.approx) return this.high ? a.approx > b.approx : a.approx < b.approx;
    if (a.key !== b.key) return this.high ? a.key > b.key : a.key < b.key;
    return a.seq < b.seq;
  }

  push(node: Node<T>): void {
    node.pos = this.nodes.length;
    this.nodes.push(node);
    this.up(node.pos);
  }

  remove(node: Node<T>): void {
    const i = node.pos;
    const last = this.nodes.pop() as Node<T>;
    if (last !== node) {
      this.nodes[i] = last;
      last.pos = i;
      this.up(i);
      this.down(last.pos);
    }
    node.pos = -1;
  }

  private up(i: number): void {
    const nodes = this.nodes;
    const node = nodes[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(node, nodes[parent])) break;
      nodes[i] = nodes[parent];
      nodes[i].pos = i;
      i = parent;
    }
    nodes[i] = node;
    node.pos = i;
  }

  private down(i: number): void {
    const nodes = this.nodes;
    const n = nodes.length;
    const node = nodes[i];
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.before(nodes[right], nodes[left]) ? right : left;
      if (!this.before(nodes[child], node)) break;
      nodes[i] = nodes[child];
      nodes[i].pos = i;
      i = child;
    }
    nodes[i] = node;
    node.pos = i;
  }

  /**
   * Every node the tick fires, best first: in a highest-first heap the nodes at or above the tick's
   * price, in a lowest-first heap those at or below. Firing nodes form a subtree holding the head
   * (a node that does not fire has no firing descendant), so only they and their children are visited.
   */
  collect(tick: bigint, out: T[]): void {
    const nodes = this.nodes;
    const approx = Number(tick);
    const high = this.high;
    const fires = (node: Node<T>): boolean => {
      if (node.approx !== approx) return high ? node.approx > approx : node.approx < approx;
      return high ? node.key >= tick : node.key <= tick;
    };
    if (nodes.length === 0 || !fires(nodes[0])) return;
    const found: Node<T>[] = [];
    const stack = [0];
    while (stack.length > 0) {
      const i = stack.pop() as number;
      found.push(nodes[i]);
      const left = 2 * i + 1;
      if (left < nodes.length && fires(nodes[left])) stack.push(left);
      if (left + 1 < nodes.length && fires(nodes[left + 1])) stack.push(left + 1);
    }
    found.sort((a, b) => (this.before(a, b) ? -1 : 1));
    for (const node of found) out.push(node.order);
  }
}

interface SymbolHeaps<T> {
  readonly limitBuys: Heap<T>;
  readonly limitSells: Heap<T>;
  readonly stopBuys: Heap<T>;
  readonly stopSells: Heap<T>;
}

export class RestingIndex<T extends RestingOrder = RestingOrder> {
  private readonly bySymbol = new Map<string, SymbolHeaps<T>>();
  private readonly byId = new Map<string, Node<T>>();
  private seq = 0;

  get size(): number {
    return this.byId.size;
  }

  sizeOf(symbol: string): number {
    const h = this.bySymbol.get(symbol);
    return h ? h.limitBuys.nodes.length + h.limitSells.nodes.length + h.stopBuys.nodes.length + h.stopSells.nodes.length : 0;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.order;
  }

  /** Adds a resting order; later additions at the same price come after (time priority). */
  add(order: T): void {
    if (this.byId.has(order.id)) throw new Error(`order ${order.id} is already resting`);
    const key = priceKey(order.price);
    const heaps = this.heapsOf(order.symbol);
    const heap =
      order.kind === 'LIMIT'
        ? order.side === 'BUY'
          ? heaps.limitBuys
          : heaps.limitSells
        : order.side === 'BUY'
          ? heaps.stopBuys
          : heaps.stopSells;
    const node: Node<T> = { order, key, approx: Number(key), seq: this.seq++, pos: -1, heap };
    heap.push(node);
    this.byId.set(order.id, node);
  }

  /** Removes an order by id (filled, cancelled, triggered, amended); O(log n). Returns it, if it was resting. */
  remove(id: string): T | undefined {
    const node = this.byId.get(id);
    if (!node) return undefined;
    node.heap.remove(node);
    this.byId.delete(id);
    return node.order;
  }

  /** What the tick triggers and crosses, without changing the index (the caller removes what it executes). */
  evaluate(symbol: string, tick: PriceTick): TickHits<T> {
    const triggered: T[] = [];
    const crossed: T[] = [];
    const heaps = this.bySymbol.get(symbol);
    if (!heaps) return { triggered, crossed };
    // Highest-first heaps fire at or above the tick's price, lowest-first ones at or below.
    if (tick.last !== undefined) {
      const last = priceKey(tick.last);
      heaps.stopBuys.collect(last, triggered); // last ≥ stop
      heaps.stopSells.collect(last, triggered); // last ≤ stop
    }
    if (tick.ask !== undefined) heaps.limitBuys.collect(priceKey(tick.ask), crossed); // ask ≤ limit
    if (tick.bid !== undefined) heaps.limitSells.collect(priceKey(tick.bid), crossed); // bid ≥ limit
    return { triggered, crossed };
  }

  /** `evaluate`, then removes every order returned. */
  take(symbol: string, tick: PriceTick): TickHits<T> {
    const hits = this.evaluate(symbol, tick);
    for (const order of hits.triggered) this.remove(order.id);
    for (const order of hits.crossed) this.remove(order.id);
    return hits;
  }

  /** The resting orders of a symbol, in no particular order (tests, reloads). */
  *orders(symbol: string): IterableIterator<T> {
    const h = this.bySymbol.get(symbol);
    if (!h) return;
    for (const heap of [h.limitBuys, h.limitSells, h.stopBuys, h.stopSells]) for (const node of heap.nodes) yield node.order;
  }

  private heapsOf(symbol: string): SymbolHeaps<T> {
    let heaps = this.bySymbol.get(symbol);
    if (!heaps) {
      heaps = { limitBuys: new Heap(true), limitSells: new Heap(false), stopBuys: new Heap(false), stopSells: new Heap(true) };
      this.bySymbol.set(symbol, heaps);
    }
    return heaps;
  }
}
