// Counter-based randomness: every random number is a pure function of (seed, stream, counters),
// so any minute of any day can be computed on its own, in any order, on any instance.

/** 32-bit FNV-1a of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A strong 32-bit mix (murmur3's finaliser). */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function mixIn(h: number, n: number): number {
  const lo = n >>> 0;
  const hi = n >= 4294967296 || n < 0 ? Math.floor(n / 4294967296) >>> 0 : 0;
  h = fmix((h + Math.imul(lo, 0xcc9e2d51)) >>> 0);
  return fmix((h ^ Math.imul(hi + 0x27d4eb2f, 0x1b873593)) >>> 0);
}

/** Hash of a key and up to three integer counters (each may exceed 32 bits). */
export function hash(key: number, a: number, b = 0, c = 0): number {
  return mixIn(mixIn(mixIn(fmix(key ^ 0x9e3779b9), a), b), c);
}

/** Uniform in (0, 1). */
export function uniform(key: number, a: number, b = 0, c = 0): number {
  return (hash(key, a, b, c) + 0.5) / 4294967296;
}

/** Standard normal (Box–Muller over two counter-based uniforms). */
export function normal(key: number, a: number, b = 0, c = 0): number {
  const u1 = uniform(key, a, b, c * 2 + 1);
  const u2 = uniform(key ^ 0x5bd1e995, a, b, c * 2 + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * A bounded map that keeps what is used: two generations (recent, older) of at most
 * capacity / 2 entries each. A hit in the older one moves to the recent one; when the recent
 * one is full it becomes the older one and the previous older one is dropped. So a get is one
 * map lookup (no reordering), and at most `capacity` entries are held.
 */
export class Lru<K, V> {
  private recent = new Map<K, V>();
  private older = new Map<K, V>();
  private readonly half: number;
  constructor(capacity: number) {
    this.half = Math.max(1, Math.floor(capacity / 2));
  }
  get(key: K): V | undefined {
    const hit = this.recent.get(key);
    if (hit !== undefined) return hit;
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.insert(key, old);
    }
    return old;
  }
  set(key: K, value: V): void {
    this.older.delete(key);
    if (this.recent.has(key)) this.recent.set(key, value);
    else this.insert(key, value);
  }
  private insert(key: K, value: V): void {
    if (this.recent.size >= this.half) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, value);
  }
  get size(): number {
    return this.recent.size + this.older.size;
  }
}

/**
 * A fast sequential generator (mulberry32) for the many draws of one day: seeded by a counter
 * hash, so each day stays computable on its own.
 */
export class Stream {
  private state: number;
  private spare: number | null = null;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Uniform in (0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;
  }
  /** Standard normal (polar Box–Muller, caching the second value). */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = this.next() * 2 - 1;
      v = this.next() * 2 - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const m = Math.sqrt((-2 * Math.log(s)) / s);
    this.spare = v * m;
    return u * m;
  }
}
