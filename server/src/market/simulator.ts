// The simulated market: implements MarketFeed over the seeded paths of ./paths.ts. Instruments
// map onto underlying series (crypto-IDR = coin in USD × USD/IDR; perps = coin × (1 + basis)),
// candles of every resolution are aggregated from the minute bars, and the live price at any
// instant comes from inside the current minute. Same seed, same market, on every instance.
import type { Candle, Instrument, MarketState, OrderBook, OrderBookLevel, Resolution, Trade, Ticker } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { addDays, DAY_MS, dateOfEpochDay, epochDay, MINUTE_MS, weekdayOfEpochDay } from './calendar/time';
import type { MarketFeed, OrderBookOptions } from './feed';
import { idxBand, idxClamp, idxTickSize, roundToTick } from './idx-rules';
import { buildCatalogue, type Catalogue, type Model, type SeriesParams } from './instruments';
import { buildMinutes, minuteIndex, withinMinute, type DayBar, type DaySpec, type MinuteBars, type Segment } from './day';
import { calendarOf, HISTORY_START_DAY, localDateOf, PathEngine } from './paths';
import { hash, hashString, Lru, normal, uniform } from './rng';

export type { MinuteBars };

interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export class UnknownSymbolError extends Error {
  constructor(readonly symbol: string) {
    super(`unknown symbol ${symbol}`);
    this.name = 'UnknownSymbolError';
  }
}

export interface SimulatorOptions {
  readonly seed: string;
  readonly now?: () => number;
}

/** Expected trades a day per market, for the trade tape. */
const TRADES_PER_DAY: Record<SeriesParams['calendar'], number> = { CRYPTO: 12_000, USSTOCK: 20_000, IDSS: 9_000 };

/** How far back the trade tape reaches (seconds). */
const TAPE_WINDOW_S = 6 * 3600;
/** US pre- and post-market books: at most this many levels a side, each this share of a regular level's size. */
const EXTENDED_BOOK_LEVELS = 5;
const EXTENDED_BOOK_SIZE = 0.3;

/** Cache bounds (entries). A crypto minute-day is ~90 kB, a day table ~100 kB, a minute's tape a few trades. */
const MINUTE_DAYS_CACHED = 800;
const DAY_TABLES_CACHED = 160;
const TAPE_MINUTES_CACHED = 4000;

/** The analytic bar of a trading day and what built it (the previous and this day's close, the IDX band). */
interface DayCore extends DayBar {
  readonly prev: number;
  readonly close: number;
  readonly band: { low: number; high: number } | null;
}

/**
 * Per symbol: the bars of finished days by epoch day, filled lazily (state 0 unknown, 1 a bar,
 * 2 no trading). Typed arrays, so years of daily bars cost a few kB and no objects.
 */
interface DayTable {
  readonly start: number;
  state: Uint8Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  v: Float64Array;
}

/** Running aggregates over the complete minutes [0, upto) of a day (extended as time passes). */
interface Prefix {
  date: string;
  upto: number;
  /** Main-session minutes (the day's bar): count, open, high, low, last close, volume. */
  n: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  /** All trading minutes (the ticker's session high, low and volume). */
  allH: number;
  allL: number;
  allV: number;
}

export class MarketSimulator implements MarketFeed {
  readonly seed: string;
  readonly catalogue: Catalogue;
  readonly paths: PathEngine;
  private readonly now: () => number;
  private readonly seedKey: number;
  private readonly minuteCache = new Lru<string, MinuteBars | null>(MINUTE_DAYS_CACHED);
  private readonly dayTables = new Lru<string, DayTable>(DAY_TABLES_CACHED);
  private readonly tapeCache = new Lru<string, readonly Trade[]>(TAPE_MINUTES_CACHED);
  /** Per symbol (bounded by the catalogue): today's running aggregates, the rolling 24 h window. */
  private readonly prefixes = new Map<string, Prefix>();
  private readonly rolling = new Map<string, { minute: number; h: number; l: number; v: number }>();

  constructor(options: SimulatorOptions) {
    this.seed = options.seed;
    this.now = options.now ?? Date.now;
    this.catalogue = buildCatalogue();
    this.paths = new PathEngine(options.seed, this.catalogue.series);
    this.seedKey = hashString(`pasar-book:${options.seed}`);
  }

  // ---- catalogue ----

  instruments(): readonly Instrument[] {
    return this.catalogue.instruments;
  }

  instrument(symbol: string): Instrument | undefined {
    return this.catalogue.bySymbol.get(symbol) ?? this.catalogue.bySymbol.get(symbol.toUpperCase());
  }

  model(symbol: string): Model {
    const m = this.catalogue.models.get(symbol) ?? this.catalogue.models.get(symbol.toUpperCase());
    if (!m) throw new UnknownSymbolError(symbol);
    return m;
  }

  seriesOf(symbol: string): SeriesParams {
    return this.paths.params(this.model(symbol).series);
  }

  // ---- minute data ----

  /** The instrument's close at the end of an epoch day (non-trading days keep the last). */
  level(symbol: string, day: number): number {
    const m = this.model(symbol);
    const base = this.paths.dailyClose(m.series, day);
    if (m.transform === 'times-fx') return base * this.paths.dailyClose('fx:USDIDR', day);
    if (m.transform === 'perp-basis') {
      const key = hash(this.seedKey, hashString(m.symbol));
      return base * (1 + 0.0002 + 0.00025 * Math.sin((2 * Math.PI * day) / 11 + (key % 100)) + 0.0001 * normal(key, day, 3));
    }
    return base;
  }

  /** Whether an instrument trades on a local date (listed, inside the history, a trading day). */
  private trades(m: Model, inst: Instrument, p: SeriesParams, date: string, day: number): boolean {
    return day >= HISTORY_START_DAY && date >= inst.listedSince && this.paths.isTradingDay(p, date);
  }

  /** The analytic bar of a trading day (the caller checked that it trades). */
  private dayCore(m: Model, p: SeriesParams, day: number): DayCore {
    const seriesKey = this.paths.key(m.series);
    const prev = this.level(m.symbol, day - 1);
    const close = this.level(m.symbol, day);
    const sigma = p.dailyVol;
    const us = p.calendar === 'USSTOCK';
    let o = prev;
    let c = close;
    if (us) {
      o = prev * Math.exp(0.3 * sigma * normal(seriesKey, day, 11));
      c = close * Math.exp(0.12 * sigma * normal(seriesKey, day, 12));
    }
    const la = Math.log(o);
    const lb = Math.log(c);
    const v = sigma * sigma * (us ? 0.8 : 1);
    let h = Math.exp((la + lb + Math.sqrt((lb - la) ** 2 - 2 * v * Math.log(uniform(seriesKey, day, 13)))) / 2);
    let l = Math.exp((la + lb - Math.sqrt((lb - la) ** 2 - 2 * v * Math.log(uniform(seriesKey, day, 14)))) / 2);
    const band = p.idxRules ? idxBand(prev) : null;
    if (band) {
      h = idxClamp(h, band);
      l = idxClamp(l, band);
    }
    h = Math.max(h, o, c);
    l = Math.min(l, o, c);
    const dayFactor = Math.exp(0.35 * normal(this.ownKey(m.symbol), day, 7) - 0.06);
    const units = Math.floor((m.dailyVolume * dayFactor) / m.quantityStep);
    return { o, h, l, c, units, prev, close, band };
  }

  private readonly ownKeys = new Map<string, number>();
  private ownKey(symbol: string): number {
    let k = this.ownKeys.get(symbol);
    if (k === undefined) this.ownKeys.set(symbol, (k = hash(this.seedKey, hashString(symbol))));
    return k;
  }

  /** Everything that defines an instrument's trading day; null when it does not trade. */
  daySpec(symbol: string, date: string): DaySpec | null {
    const m = this.model(symbol);
    const inst = this.instrument(m.symbol)!;
    const p = this.paths.params(m.series);
    const day = epochDay(date);
    if (!this.trades(m, inst, p, date, day)) return null;
    const cal = calendarOf(p.calendar);
    const segments: Segment[] = cal
      ? cal
          .sessions(date)
          .filter((s) => s.trading)
          .map((s) => ({ open: s.open, close: s.close, kind: s.kind === 'PRE_MARKET' ? 1 : s.kind === 'POST_MARKET' ? 2 : 0 }))
      : [{ open: day * DAY_MS, close: (day + 1) * DAY_MS, kind: 0 }];
    const core = this.dayCore(m, p, day);
    const seriesKey = this.paths.key(m.series);
    return {
      date,
      segments,
      bar: { o: core.o, h: core.h, l: core.l, c: core.c, units: core.units },
      preOpen: core.prev,
      postClose: core.close,
      dailyVol: p.dailyVol,
      shapeSeed: hash(seriesKey, day, 77),
      ownSeed: hash(this.ownKey(m.symbol), day, 78),
      continuous: !cal,
      band: core.band,
      quantityStep: m.quantityStep,
    };
  }

  /**
   * The trading span [first open, last close) of a local date without building its minutes;
   * null when the instrument does not trade that day.
   */
  private span(m: Model, date: string): { open: number; close: number; mainClose: number } | null {
    const inst = this.instrument(m.symbol)!;
    const p = this.paths.params(m.series);
    const day = epochDay(date);
    if (!this.trades(m, inst, p, date, day)) return null;
    const cal = calendarOf(p.calendar);
    if (!cal) return { open: day * DAY_MS, close: (day + 1) * DAY_MS, mainClose: (day + 1) * DAY_MS };
    let open = Infinity;
    let close = -Infinity;
    let mainClose = -Infinity;
    for (const s of cal.sessions(date)) {
      if (!s.trading) continue;
      if (s.open < open) open = s.open;
      if (s.close > close) close = s.close;
      if (s.kind !== 'PRE_MARKET' && s.kind !== 'POST_MARKET' && s.close > mainClose) mainClose = s.close;
    }
    return open < close ? { open, close, mainClose } : null;
  }

  /** The instrument's minute bars of a local trading date (null when it does not trade). */
  minuteBars(symbol: string, date: string): MinuteBars | null {
    const m = this.model(symbol);
    const key = `${m.symbol}|${date}`;
    const hit = this.minuteCache.get(key);
    if (hit !== undefined) return hit;
    const spec = this.daySpec(m.symbol, date);
    const bars = spec ? buildMinutes(spec) : null;
    this.minuteCache.set(key, bars);
    return bars;
  }

  private localDate(symbol: string, at: number): string {
    return localDateOf(this.seriesOf(symbol).calendar, at);
  }

  /** Price and the running high/low of the minute containing `at`, or null outside trading minutes. */
  private inMinute(bars: MinuteBars, at: number): { i: number; value: number; hi: number; lo: number } | null {
    const i = minuteIndex(bars, at);
    if (i < 0) return null;
    const [value, hi, lo] = withinMinute(bars, i, (at - bars.t[i]!) / MINUTE_MS);
    return { i, value, hi, lo };
  }

  /** The live price at an instant (the last close outside trading minutes), unrounded. */
  rawPrice(symbol: string, at: number): number {
    const m = this.model(symbol);
    const p = this.paths.params(m.series);
    let date = localDateOf(p.calendar, at);
    for (let back = 0; back < 15; back += 1, date = addDays(date, -1)) {
      // The span first: a day that has not opened yet is skipped without building its minutes.
      const span = this.span(m, date);
      if (!span) {
        if (epochDay(date) < HISTORY_START_DAY) break;
        continue;
      }
      if (at < span.open) continue;
      const bars = this.minuteBars(m.symbol, date);
      if (!bars || bars.t.length === 0) continue;
      const hit = this.inMinute(bars, at);
      if (hit) return hit.value;
      // After a minute of this day: the close of the last minute that ended before `at`.
      return bars.c[Math.max(0, lastAtOrBefore(bars.t, at))]!;
    }
    const inst = this.instrument(m.symbol)!;
    const first = this.minuteBars(m.symbol, this.firstTradingDate(inst));
    return first ? first.o[0]! : this.paths.dailyClose(m.series, HISTORY_START_DAY);
  }

  private firstTradingDate(inst: Instrument): string {
    const p = this.seriesOf(inst.symbol);
    let d = inst.listedSince;
    for (let i = 0; i < 10 && !this.paths.isTradingDay(p, d); i += 1) d = addDays(d, 1);
    return d;
  }

  // ---- formatting ----

  /** A price on the instrument's grid as a decimal string. */
  fmtPrice(symbol: string, price: number): string {
    const m = this.model(symbol);
    if (this.seriesOf(symbol).idxRules) return String(roundToTick(price));
    return price.toFixed(m.pricePrecision);
  }

  roundPrice(symbol: string, price: number): number {
    return Number(this.fmtPrice(symbol, price));
  }

  fmtQty(symbol: string, qty: number): string {
    return qty.toFixed(this.model(symbol).quantityPrecision);
  }

  // ---- candles ----

  candles(symbol: string, resolution: Resolution, from: number, to: number, now: number = this.now()): Candle[] {
    const m = this.model(symbol);
    const bars = this.rawCandles(m.symbol, resolution, from, to, now);
    // The same formatting as fmtPrice / fmtQty, with the lookups done once.
    const idx = this.seriesOf(m.symbol).idxRules;
    const pp = m.pricePrecision;
    const qp = m.quantityPrecision;
    const price = idx ? (x: number) => String(roundToTick(x)) : (x: number) => x.toFixed(pp);
    return bars.map((b) => ({ t: b.t, o: price(b.o), h: price(b.h), l: price(b.l), c: price(b.c), v: b.v.toFixed(qp) }));
  }

  /** Unrounded bars (tests and the benchmark compare these). */
  rawCandles(symbol: string, resolution: Resolution, from: number, to: number, now: number = this.now()): Bar[] {
    const m = this.model(symbol);
    const end = Math.min(to, now + 1);
    if (end <= from) return [];
    if (/^\d+$/.test(resolution)) return this.intradayBars(m.symbol, Number(resolution) * MINUTE_MS, from, end, now);
    return this.dailyBars(m.symbol, from, to, now, resolution);
  }

  private intradayBars(symbol: string, size: number, from: number, end: number, now: number): Bar[] {
    const m = this.model(symbol);
    const step = m.quantityStep;
    const out: Bar[] = [];
    let current: Bar | null = null;
    let date = this.localDate(symbol, from - DAY_MS);
    const last = this.localDate(symbol, end);
    for (let guard = 0; date <= last && guard < 5000; guard += 1, date = addDays(date, 1)) {
      // Days outside [from, end) are skipped without building their minutes.
      const span = this.span(m, date);
      if (!span || span.close <= from || span.open >= end) continue;
      const bars = this.minuteBars(symbol, date);
      if (!bars) continue;
      const n = bars.t.length;
      for (let i = firstAtOrAfter(bars.t, from); i < n; i += 1) {
        const t = bars.t[i]!;
        if (t >= end) break;
        let h = bars.h[i]!;
        let l = bars.l[i]!;
        let c = bars.c[i]!;
        let v = bars.v[i]!;
        const o = bars.o[i]!;
        if (t + MINUTE_MS > now) {
          // The minute in progress: what has happened so far.
          const live = this.inMinute(bars, now)!;
          h = live.hi;
          l = live.lo;
          c = live.value;
          v = Math.floor((v * (now - t)) / MINUTE_MS / step) * step;
        }
        const bucket = Math.floor(t / size) * size;
        if (!current || current.t !== bucket) {
          current = { t: bucket, o, h, l, c, v };
          out.push(current);
        } else {
          if (h > current.h) current.h = h;
          if (l < current.l) current.l = l;
          current.c = c;
          current.v += v;
        }
      }
    }
    return out;
  }

  /** The symbol's table of finished days (created empty, filled lazily). */
  private dayTable(symbol: string, day: number): DayTable {
    let table = this.dayTables.get(symbol);
    const need = day - HISTORY_START_DAY + 1;
    if (!table || table.state.length < need) {
      const size = Math.max(need, Math.floor(this.now() / DAY_MS) - HISTORY_START_DAY + 1) + 64;
      const grown: DayTable = {
        start: HISTORY_START_DAY,
        state: new Uint8Array(size),
        o: new Float64Array(size),
        h: new Float64Array(size),
        l: new Float64Array(size),
        c: new Float64Array(size),
        v: new Float64Array(size),
      };
      if (table) {
        grown.state.set(table.state);
        grown.o.set(table.o);
        grown.h.set(table.h);
        grown.l.set(table.l);
        grown.c.set(table.c);
        grown.v.set(table.v);
      }
      table = grown;
      this.dayTables.set(symbol, table);
    }
    return table;
  }

  /**
   * Index of a finished day in the symbol's table, or -1 when it does not trade. Finished days
   * are analytic (no minutes needed): the main segment's bar.
   */
  private finishedDay(m: Model, day: number, known?: DayTable): { table: DayTable; i: number } {
    const table = known && day - known.start < known.state.length ? known : this.dayTable(m.symbol, day);
    const i = day - table.start;
    if (i < 0) return { table, i: -1 };
    if (table.state[i] === 0) {
      const inst = this.instrument(m.symbol)!;
      const p = this.paths.params(m.series);
      if (!this.trades(m, inst, p, dateOfEpochDay(day), day)) table.state[i] = 2;
      else {
        const core = this.dayCore(m, p, day);
        table.o[i] = core.o;
        table.h[i] = core.h;
        table.l[i] = core.l;
        table.c[i] = core.c;
        table.v[i] = core.units * m.quantityStep;
        table.state[i] = 1;
      }
    }
    return { table, i: table.state[i] === 1 ? i : -1 };
  }

  /** The day's bar: US stocks over the regular session, others over all trading minutes. */
  daySummary(symbol: string, date: string, now: number = this.now()): Bar | null {
    const m = this.model(symbol);
    const day = epochDay(date);
    const today = epochDay(this.localDate(m.symbol, now));
    if (day > today) return null;
    if (day < today) return this.finishedBar(m, day);
    const span = this.span(m, date);
    if (!span) return null;
    if (now >= span.mainClose) return this.finishedBar(m, day);
    return this.dayInProgress(m, date, now);
  }

  private finishedBar(m: Model, day: number): Bar | null {
    const { table, i } = this.finishedDay(m, day);
    if (i < 0) return null;
    return { t: day * DAY_MS, o: table.o[i]!, h: table.h[i]!, l: table.l[i]!, c: table.c[i]!, v: table.v[i]! };
  }

  /**
   * Today's running aggregates over its complete minutes, extended from where the last call left
   * them (in minute order, so the sums are bit-identical to a fresh computation on any instance).
   */
  private prefix(symbol: string, bars: MinuteBars, upto: number): Prefix {
    let p = this.prefixes.get(symbol);
    if (!p || p.date !== bars.date || p.upto > upto) {
      p = { date: bars.date, upto: 0, n: 0, o: 0, h: -Infinity, l: Infinity, c: 0, v: 0, allH: -Infinity, allL: Infinity, allV: 0 };
      this.prefixes.set(symbol, p);
    }
    for (let i = p.upto; i < upto; i += 1) {
      const h = bars.h[i]!;
      const l = bars.l[i]!;
      if (h > p.allH) p.allH = h;
      if (l < p.allL) p.allL = l;
      p.allV += bars.v[i]!;
      if (bars.sess[i] !== 0) continue;
      if (p.n === 0) {
        p.o = bars.o[i]!;
        p.h = h;
        p.l = l;
        p.v = bars.v[i]!;
      } else {
        if (h > p.h) p.h = h;
        if (l < p.l) p.l = l;
        p.v += bars.v[i]!;
      }
      p.c = bars.c[i]!;
      p.n += 1;
    }
    p.upto = upto;
    return p;
  }

  /** The day in progress: its complete main-session minutes, then the live one. */
  private dayInProgress(m: Model, date: string, now: number): Bar | null {
    const bars = this.minuteBars(m.symbol, date);
    if (!bars || bars.t.length === 0) return null;
    const main = firstMainMinute(bars);
    if (main < 0 || now < bars.t[main]!) return null;
    const upto = completeMinutes(bars.t, now);
    const p = this.prefix(m.symbol, bars, upto);
    const t = epochDay(date) * DAY_MS;
    let bar: Bar | null = p.n > 0 ? { t, o: p.o, h: p.h, l: p.l, c: p.c, v: p.v } : null;
    if (upto < bars.t.length && bars.t[upto]! <= now && bars.sess[upto] === 0) {
      const live = this.inMinute(bars, now)!;
      if (!bar) bar = { t, o: bars.o[upto]!, h: live.hi, l: live.lo, c: live.value, v: 0 };
      else {
        if (live.hi > bar.h) bar.h = live.hi;
        if (live.lo < bar.l) bar.l = live.lo;
        bar.c = live.value;
      }
    }
    return bar;
  }

  private dailyBars(symbol: string, from: number, to: number, now: number, resolution: Resolution): Bar[] {
    const m = this.model(symbol);
    const out: Bar[] = [];
    const bucketOf = (day: number): number => {
      if (resolution === '1W') return day - ((weekdayOfEpochDay(day) + 6) % 7);
      if (resolution === '1M') return epochDay(`${dateOfEpochDay(day).slice(0, 7)}-01`);
      return day;
    };
    const fromDay = Math.floor(Math.max(from, HISTORY_START_DAY * DAY_MS) / DAY_MS);
    const toDay = Math.floor(Math.min(to + (resolution === '1D' ? 0 : 31 * DAY_MS), now + DAY_MS) / DAY_MS);
    const today = epochDay(this.localDate(m.symbol, now));
    const table = this.dayTable(m.symbol, Math.max(HISTORY_START_DAY, Math.min(toDay, today)));
    let current: Bar | null = null;
    let day = bucketOf(fromDay);
    for (let guard = 0; day <= toDay && guard < 20_000; guard += 1, day += 1) {
      const bt = bucketOf(day) * DAY_MS;
      if (bt < from || bt >= to) continue;
      if (day > today) break;
      let o: number;
      let h: number;
      let l: number;
      let c: number;
      let v: number;
      if (day < today) {
        const { table: t, i } = this.finishedDay(m, day, table);
        if (i < 0) continue;
        o = t.o[i]!;
        h = t.h[i]!;
        l = t.l[i]!;
        c = t.c[i]!;
        v = t.v[i]!;
      } else {
        const bar = this.daySummary(m.symbol, dateOfEpochDay(day), now);
        if (!bar) continue;
        ({ o, h, l, c, v } = bar);
      }
      if (!current || current.t !== bt) {
        current = { t: bt, o, h, l, c, v };
        out.push(current);
      } else {
        if (h > current.h) current.h = h;
        if (l < current.l) current.l = l;
        current.c = c;
        current.v += v;
      }
    }
    return out;
  }

  // ---- ticker ----

  marketState(symbol: string, at: number = this.now()): MarketState {
    const cal = calendarOf(this.seriesOf(symbol).calendar);
    return cal ? cal.state(at) : 'OPEN';
  }

  /** The latest local date whose trading has begun by `at`. */
  sessionDate(symbol: string, at: number): string | null {
    const m = this.model(symbol);
    let date = this.localDate(m.symbol, at);
    for (let i = 0; i < 15; i += 1, date = addDays(date, -1)) {
      const span = this.span(m, date);
      if (span && span.open <= at) return date;
    }
    return null;
  }

  /** The previous session's close (US: regular-session close; IDX: the day's close). */
  previousClose(symbol: string, date: string): number {
    let d = addDays(date, -1);
    for (let i = 0; i < 15; i += 1, d = addDays(d, -1)) {
      const bar = this.daySummary(symbol, d);
      if (bar) return bar.c;
    }
    return this.rawPrice(symbol, Date.parse(`${date}T00:00:00Z`));
  }

  ticker(symbol: string, at: number = this.now()): Ticker {
    const m = this.model(symbol);
    const inst = this.instrument(m.symbol)!;
    const p = this.paths.params(m.series);
    const price = this.rawPrice(m.symbol, at);
    let open: number;
    let high: number;
    let low: number;
    let volume: number;
    if (p.calendar === 'CRYPTO') {
      const r = this.rolling24h(m.symbol, at);
      open = this.rawPrice(m.symbol, at - DAY_MS);
      high = Math.max(r.h, price);
      low = Math.min(r.l, price);
      volume = r.v;
    } else {
      const date = this.sessionDate(m.symbol, at);
      open = date ? this.previousClose(m.symbol, date) : price;
      high = price;
      low = price;
      volume = 0;
      const bars = date ? this.minuteBars(m.symbol, date) : null;
      if (bars) {
        // The session so far: its complete minutes (running aggregates), then the live one.
        const upto = completeMinutes(bars.t, at);
        const run = this.prefix(m.symbol, bars, upto);
        high = Math.max(high, run.allH);
        low = Math.min(low, run.allL);
        volume = run.allV;
        if (upto < bars.t.length && bars.t[upto]! <= at) {
          const live = this.inMinute(bars, at)!;
          high = Math.max(high, live.hi);
          low = Math.min(low, live.lo);
        }
      }
    }
    const { bid, ask } = this.quote(m.symbol, price);
    const pr = this.roundPrice(m.symbol, price);
    const op = this.roundPrice(m.symbol, open);
    const change = new Decimal(this.fmtPrice(m.symbol, pr)).minus(this.fmtPrice(m.symbol, op));
    const changePct = op === 0 ? new Decimal(0) : change.div(this.fmtPrice(m.symbol, op)).times(100);
    return {
      symbol: m.symbol,
      assetType: inst.assetType,
      price: this.fmtPrice(m.symbol, pr),
      open24h: this.fmtPrice(m.symbol, op),
      high24h: this.fmtPrice(m.symbol, high),
      low24h: this.fmtPrice(m.symbol, low),
      change24h: change.toFixed(m.pricePrecision),
      changePercent24h: changePct.toFixed(2),
      volume24h: this.fmtQty(m.symbol, volume),
      bid: this.fmtPrice(m.symbol, bid),
      ask: this.fmtPrice(m.symbol, ask),
      marketState: this.marketState(m.symbol, at),
      updatedAt: at,
    };
  }

  /** High, low and volume over the complete minutes of the last 24 h (crypto, perps), once a minute. */
  private rolling24h(symbol: string, at: number): { h: number; l: number; v: number } {
    const minute = Math.floor(at / MINUTE_MS);
    const hit = this.rolling.get(symbol);
    if (hit && hit.minute === minute) return hit;
    const from = (minute - 1440) * MINUTE_MS + MINUTE_MS;
    const bars = this.intradayBars(symbol, 1440 * MINUTE_MS * 10_000, from, minute * MINUTE_MS, minute * MINUTE_MS);
    const r = bars[0]
      ? { minute, h: bars[0].h, l: bars[0].l, v: bars[0].v }
      : { minute, h: -Infinity, l: Infinity, v: 0 };
    this.rolling.set(symbol, r);
    return r;
  }

  /** Best bid and ask around a price (IDX: the price and one tick above). */
  quote(symbol: string, price: number): { bid: number; ask: number } {
    const m = this.model(symbol);
    if (this.seriesOf(symbol).idxRules) {
      const bid = roundToTick(price);
      return { bid, ask: bid + idxTickSize(bid) };
    }
    const tick = m.tick;
    let bid = Math.floor((price * (1 - m.halfSpread)) / tick + 1e-9) * tick;
    let ask = Math.ceil((price * (1 + m.halfSpread)) / tick - 1e-9) * tick;
    if (ask <= bid) ask = bid + tick;
    if (bid <= 0) bid = tick;
    return { bid, ask };
  }

  // ---- order book ----

  /** `around`: the price the book sits around (default the live price; the runtime's steering). */
  orderBook(symbol: string, opts: OrderBookOptions = {}, around?: number): OrderBook {
    const m = this.model(symbol);
    const inst = this.instrument(m.symbol)!;
    const at = opts.at ?? this.now();
    // A closed market's book stands still; US extended hours rest fewer levels, thinner.
    const { at: bookAt, extended } = this.bookClock(m.symbol, at);
    const depth = Math.min(extended ? EXTENDED_BOOK_LEVELS : 10, Math.max(1, opts.depth ?? 10));
    const idx = this.seriesOf(m.symbol).idxRules;
    const g = opts.granularity && inst.granularities.includes(opts.granularity) ? Number(opts.granularity) : Number(inst.granularities[0]);
    const finest = Number(inst.granularities[0]);
    const price = around ?? this.rawPrice(m.symbol, at);
    const { bid, ask } = this.quote(m.symbol, price);
    const key = hash(this.seedKey, hashString(`book:${m.symbol}`));
    // A few minutes of typical volume rest near the touch, more further out.
    const unit = Math.max(m.quantityStep, (m.dailyVolume / 1440) * 2.5 * Math.sqrt(g / finest) * (extended ? EXTENDED_BOOK_SIZE : 1));
    const levelQty = (side: number, levelPrice: number, i: number): number => {
      const ordinal = Math.round(levelPrice / g);
      const phase = hash(key, ordinal, side) % 3000;
      const bucket = Math.floor((bookAt + phase) / 3000);
      const noise = Math.exp(0.7 * normal(key, ordinal, side * 7 + 1, bucket));
      const q = unit * (0.5 + 0.18 * i) * noise;
      return Math.max(m.quantityStep, Math.floor(q / m.quantityStep) * m.quantityStep);
    };
    const bidPrices: number[] = [];
    const askPrices: number[] = [];
    if (idx) {
      let b = bid;
      let a = ask;
      for (let i = 0; i < depth; i += 1) {
        bidPrices.push(b);
        askPrices.push(a);
        b = b - idxTickSize(b - 1);
        a = a + idxTickSize(a);
      }
    } else {
      const b0 = Math.floor(bid / g + 1e-9) * g;
      let a0 = Math.ceil(ask / g - 1e-9) * g;
      if (a0 <= b0) a0 = b0 + g;
      for (let i = 0; i < depth; i += 1) {
        if (b0 - i * g > 0) bidPrices.push(b0 - i * g);
        askPrices.push(a0 + i * g);
      }
    }
    const side = (prices: number[], s: number) => {
      const qty = prices.map((p, i) => levelQty(s, p, i));
      const total = qty.reduce((a, b) => a + b, 0);
      let run = 0;
      const levels: OrderBookLevel[] = prices.map((p, i) => {
        run += qty[i]!;
        return {
          price: idx ? String(p) : p.toFixed(decimalsOf(g, m.pricePrecision)),
          quantity: this.fmtQty(m.symbol, qty[i]!),
          cumulativePercent: i === prices.length - 1 ? '100.00' : ((run / total) * 100).toFixed(2),
        };
      });
      return { levels, total };
    };
    // Indices are not traded: no resting orders.
    const bids = side(inst.tradable ? bidPrices : [], 1);
    const asks = side(inst.tradable ? askPrices : [], 2);
    return {
      symbol: m.symbol,
      seq: 0,
      granularity: idx ? String(idxTickSize(bid)) : g.toFixed(decimalsOf(g, m.pricePrecision)),
      bids: bids.levels,
      asks: asks.levels,
      totalBidQuantity: this.fmtQty(m.symbol, bids.total),
      totalAskQuantity: this.fmtQty(m.symbol, asks.total),
      ...(inst.kind === 'crypto' ? { cryptocurrencySymbol: inst.shortName } : {}),
      ...(inst.kind === 'perps' ? { cryptoFuturePairSymbol: `${inst.shortName}USDT` } : {}),
      updatedAt: at,
    };
  }

  /**
   * The instant a book shows at `at`, and whether it is an extended-hours book: `at` while a
   * session trades continuously; otherwise the last instant of the last such session (a closed
   * market, the IDX lunch break and call auctions leave the book as it was). Around the clock
   * markets are always live.
   */
  private bookClock(symbol: string, at: number): { at: number; extended: boolean } {
    const cal = calendarOf(this.seriesOf(symbol).calendar);
    if (!cal) return { at, extended: false };
    let date = cal.localDate(at);
    for (let i = 0; i < 15; i += 1, date = addDays(date, -1)) {
      const sessions = cal.sessions(date);
      for (let j = sessions.length - 1; j >= 0; j -= 1) {
        const s = sessions[j]!;
        if (!s.trading || s.open > at) continue;
        return { at: Math.min(at, s.close - 1), extended: s.kind === 'PRE_MARKET' || s.kind === 'POST_MARKET' };
      }
    }
    return { at, extended: false };
  }

  // ---- trades ----

  /**
   * Most recent first, at most `limit`, printed in the 6 h up to `at`; with `since`, only the
   * trades after it (t > since), so a poller pays for what is new. Each trading second prints
   * 0–2 trades, a pure function of (seed, symbol, second); a minute's tape is computed once and
   * cached, so polling costs a cache lookup.
   */
  recentTrades(symbol: string, limit: number, at: number = this.now(), since?: number): Trade[] {
    const m = this.model(symbol);
    const out: Trade[] = [];
    if (!this.instrument(m.symbol)!.tradable || limit <= 0) return out;
    const p = this.seriesOf(m.symbol);
    const nowSecond = Math.floor(at / 1000);
    // The earliest instant included: the tape's window, or just after `since`.
    let floor = (nowSecond - TAPE_WINDOW_S + 1) * 1000;
    if (since !== undefined && Number.isFinite(since)) floor = Math.max(floor, Math.floor(since) + 1);
    if (floor > at) return out;
    const firstDate = localDateOf(p.calendar, floor);
    let date = localDateOf(p.calendar, at);
    for (let guard = 0; date >= firstDate && guard < 3 && out.length < limit; guard += 1, date = addDays(date, -1)) {
      const span = this.span(m, date);
      if (!span || span.open > at) continue;
      if (span.close <= floor) break;
      const bars = this.minuteBars(m.symbol, date);
      if (!bars) continue;
      for (let i = lastAtOrBefore(bars.t, at); i >= 0 && out.length < limit; i -= 1) {
        if (bars.t[i]! + MINUTE_MS <= floor) break;
        for (const trade of this.minuteTape(m, p, bars, i)) {
          if (trade.t > at) continue;
          if (trade.t < floor || out.length >= limit) break;
          out.push({ ...trade });
        }
      }
    }
    return out;
  }

  /** The trades of trading minute i of a day, newest first (cached per symbol and minute). */
  private minuteTape(m: Model, p: SeriesParams, bars: MinuteBars, i: number): readonly Trade[] {
    const t0 = bars.t[i]!;
    const cacheKey = `${m.symbol}|${t0}`;
    const hit = this.tapeCache.get(cacheKey);
    if (hit) return hit;
    const key = hash(this.seedKey, hashString(`trades:${m.symbol}`));
    const perDay = TRADES_PER_DAY[p.calendar];
    const perSecond = (perDay * bars.intensity[i]!) / 60;
    const chance = Math.min(0.95, perSecond);
    const tape: Trade[] = [];
    for (let s = t0 / 1000 + 59; s >= t0 / 1000; s -= 1) {
      const count = uniform(key, s) < chance ? 1 + (uniform(key, s, 1) < 0.25 ? 1 : 0) : 0;
      const second: Trade[] = [];
      for (let j = count - 1; j >= 0; j -= 1) {
        const t = s * 1000 + Math.floor(uniform(key, s, 2 + j) * 1000);
        const [value] = withinMinute(bars, i, (t - t0) / MINUTE_MS);
        const { bid, ask } = this.quote(m.symbol, value);
        const buy = uniform(key, s, 10 + j) < 0.5;
        const size = (m.dailyVolume / perDay) * Math.exp(1.1 * normal(key, s, 20 + j) - 0.6);
        const qty = Math.max(m.quantityStep, Math.floor(size / m.quantityStep) * m.quantityStep);
        second.push({
          id: `${s}${j}`,
          price: this.fmtPrice(m.symbol, buy ? ask : bid),
          quantity: this.fmtQty(m.symbol, qty),
          side: buy ? 'BUY' : 'SELL',
          t,
        });
      }
      // Newest first; two trades in the same millisecond keep the higher j first.
      if (second.length === 2 && second[1]!.t > second[0]!.t) second.reverse();
      tape.push(...second);
    }
    this.tapeCache.set(cacheKey, tape);
    return tape;
  }

  /** Sizes of the bounded caches (the benchmark prints them). */
  cacheStats(): Record<string, number> {
    return {
      minuteDays: this.minuteCache.size,
      minuteDaysMax: MINUTE_DAYS_CACHED,
      dayTables: this.dayTables.size,
      dayTablesMax: DAY_TABLES_CACHED,
      tapeMinutes: this.tapeCache.size,
      tapeMinutesMax: TAPE_MINUTES_CACHED,
      prefixes: this.prefixes.size,
      rolling: this.rolling.size,
    };
  }

  /** USD/IDR mid at an instant: the day's move spread over the day, with a small wave. */
  usdIdr(at: number = this.now()): number {
    const day = Math.floor(at / DAY_MS);
    const p0 = this.paths.dailyClose('fx:USDIDR', day - 1);
    const p1 = this.paths.dailyClose('fx:USDIDR', day);
    const frac = (at - day * DAY_MS) / DAY_MS;
    const wave = 0.0004 * Math.sin((2 * Math.PI * at) / 2_220_000) * Math.sin(Math.PI * frac);
    return p0 * Math.pow(p1 / p0, frac) * (1 + wave);
  }
}

function decimalsOf(step: number, max: number): number {
  if (step >= 1) return 0;
  return Math.min(max, Math.max(0, Math.round(-Math.log10(step))));
}

/** Index of the last t[i] <= at (-1 when none). */
function lastAtOrBefore(t: Float64Array, at: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Index of the first t[i] >= from (t.length when none). */
function firstAtOrAfter(t: Float64Array, from: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many minutes (a prefix, times ascending) are complete at `at`: t + 1 min <= at. */
function completeMinutes(t: Float64Array, at: number): number {
  return lastAtOrBefore(t, at - MINUTE_MS) + 1;
}

/** Index of the first main-session minute, or -1. */
function firstMainMinute(bars: MinuteBars): number {
  for (let i = 0; i < bars.sess.length; i += 1) if (bars.sess[i] === 0) return i;
  return -1;
}
