// The simulated market: implements MarketFeed over the seeded paths of ./paths.ts. Instruments
// map onto underlying series (crypto-IDR = coin in USD × USD/IDR; perps = coin × (1 + basis)),
// candles of every resolution are aggregated from the minute bars, and the live price at any
// instant comes from inside the current minute. Same seed, same market, on every instance.
import type { Candle, Instrument, MarketState, OrderBook, OrderBookLevel, Resolution, Trade, Ticker } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { addDays, DAY_MS, epochDay, MINUTE_MS, weekday } from './calendar/time';
import type { MarketFeed, OrderBookOptions } from './feed';
import { idxBand, idxClamp, idxTickSize, roundToTick } from './idx-rules';
import { buildCatalogue, type Catalogue, type Model, type SeriesParams } from './instruments';
import { buildMinutes, minuteIndex, withinMinute, type DaySpec, type MinuteBars, type Segment } from './day';
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

export class MarketSimulator implements MarketFeed {
  readonly seed: string;
  readonly catalogue: Catalogue;
  readonly paths: PathEngine;
  private readonly now: () => number;
  private readonly seedKey: number;
  private readonly minuteCache = new Lru<string, MinuteBars | null>(800);
  private readonly summaryCache = new Map<string, Bar | null>();
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
    return this.catalogue.bySymbol.get(symbol.toUpperCase());
  }

  model(symbol: string): Model {
    const m = this.catalogue.models.get(symbol.toUpperCase());
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

  /** Everything that defines an instrument's trading day; null when it does not trade. */
  daySpec(symbol: string, date: string): DaySpec | null {
    const m = this.model(symbol);
    const inst = this.instrument(m.symbol)!;
    const p = this.paths.params(m.series);
    const day = epochDay(date);
    if (day < HISTORY_START_DAY || date < inst.listedSince || !this.paths.isTradingDay(p, date)) return null;
    const cal = calendarOf(p.calendar);
    const segments: Segment[] = cal
      ? cal
          .sessions(date)
          .filter((s) => s.trading)
          .map((s) => ({ open: s.open, close: s.close, kind: s.kind === 'PRE_MARKET' ? 1 : s.kind === 'POST_MARKET' ? 2 : 0 }))
      : [{ open: day * DAY_MS, close: (day + 1) * DAY_MS, kind: 0 }];
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
    const ownKey = hash(this.seedKey, hashString(m.symbol));
    const dayFactor = Math.exp(0.35 * normal(ownKey, day, 7) - 0.06);
    const units = Math.floor((m.dailyVolume * dayFactor) / m.quantityStep);
    return {
      date,
      segments,
      bar: { o, h, l, c, units },
      preOpen: prev,
      postClose: close,
      dailyVol: sigma,
      shapeSeed: hash(seriesKey, day, 77),
      ownSeed: hash(ownKey, day, 78),
      continuous: !cal,
      band,
      quantityStep: m.quantityStep,
    };
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
      const bars = this.minuteBars(m.symbol, date);
      if (!bars || bars.t.length === 0) {
        if (epochDay(date) < HISTORY_START_DAY) break;
        continue;
      }
      if (at < bars.t[0]!) continue;
      const hit = this.inMinute(bars, at);
      if (hit) return hit.value;
      // After a minute of this day: the close of the last minute that ended before `at`.
      let j = bars.t.length - 1;
      while (j > 0 && bars.t[j]! > at) j -= 1;
      return bars.c[j]!;
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
    const bars = this.rawCandles(symbol, resolution, from, to, now);
    return bars.map((b) => ({
      t: b.t,
      o: this.fmtPrice(symbol, b.o),
      h: this.fmtPrice(symbol, b.h),
      l: this.fmtPrice(symbol, b.l),
      c: this.fmtPrice(symbol, b.c),
      v: this.fmtQty(symbol, b.v),
    }));
  }

  /** Unrounded bars (tests and the benchmark compare these). */
  rawCandles(symbol: string, resolution: Resolution, from: number, to: number, now: number = this.now()): Bar[] {
    const m = this.model(symbol);
    const end = Math.min(to, now + 1);
    if (end <= from) return [];
    if (/^\d+$/.test(resolution)) return this.intradayBars(m.symbol, Number(resolution) * MINUTE_MS, from, end, now);
    const days = this.dailyBars(m.symbol, from, to, now, resolution);
    return days;
  }

  private intradayBars(symbol: string, size: number, from: number, end: number, now: number): Bar[] {
    const out: Bar[] = [];
    let current: Bar | null = null;
    let date = this.localDate(symbol, from - DAY_MS);
    const last = this.localDate(symbol, end);
    for (let guard = 0; date <= last && guard < 5000; guard += 1, date = addDays(date, 1)) {
      const bars = this.minuteBars(symbol, date);
      if (!bars) continue;
      for (let i = 0; i < bars.t.length; i += 1) {
        const t = bars.t[i]!;
        if (t < from) continue;
        if (t >= end) break;
        let o = bars.o[i]!;
        let h = bars.h[i]!;
        let l = bars.l[i]!;
        let c = bars.c[i]!;
        let v = bars.v[i]!;
        if (t + MINUTE_MS > now) {
          // The minute in progress: what has happened so far.
          const live = this.inMinute(bars, now)!;
          o = bars.o[i]!;
          h = live.hi;
          l = live.lo;
          c = live.value;
          v = Math.floor((v * (now - t)) / MINUTE_MS / this.model(symbol).quantityStep) * this.model(symbol).quantityStep;
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

  /** The day's bar: US stocks over the regular session, others over all trading minutes. */
  daySummary(symbol: string, date: string, now: number = this.now()): Bar | null {
    const key = `${symbol}|${date}`;
    const cached = this.summaryCache.get(key);
    if (cached !== undefined) return cached;
    const spec = this.daySpec(symbol, date);
    const main = spec?.segments.filter((s) => s.kind === 0) ?? [];
    if (!spec || main.length === 0) {
      if (date < this.localDate(symbol, now)) this.summaryCache.set(key, null);
      return null;
    }
    const t = Date.parse(`${date}T00:00:00Z`);
    if (now < main[0]!.open) return null;
    if (now >= main.at(-1)!.close) {
      const { o, h, l, c, units } = spec.bar;
      const bar = { t, o, h, l, c, v: units * spec.quantityStep };
      if (this.summaryCache.size > 400_000) this.summaryCache.clear();
      this.summaryCache.set(key, bar);
      return bar;
    }
    // The day in progress: from its minutes so far.
    const bars = this.minuteBars(symbol, date)!;
    let bar: Bar | null = null;
    for (let i = 0; i < bars.t.length; i += 1) {
      if (bars.sess[i] !== 0) continue;
      const mt = bars.t[i]!;
      if (mt > now) break;
      let h = bars.h[i]!;
      let l = bars.l[i]!;
      let c = bars.c[i]!;
      let v = bars.v[i]!;
      if (mt + MINUTE_MS > now) {
        const live = this.inMinute(bars, now)!;
        h = live.hi;
        l = live.lo;
        c = live.value;
        v = 0;
      }
      if (!bar) bar = { t, o: bars.o[i]!, h, l, c, v };
      else {
        if (h > bar.h) bar.h = h;
        if (l < bar.l) bar.l = l;
        bar.c = c;
        bar.v += v;
      }
    }
    return bar;
  }

  private dailyBars(symbol: string, from: number, to: number, now: number, resolution: Resolution): Bar[] {
    const out: Bar[] = [];
    const bucketOf = (date: string): string => {
      if (resolution === '1W') return addDays(date, -((weekday(date) + 6) % 7));
      if (resolution === '1M') return `${date.slice(0, 7)}-01`;
      return date;
    };
    const fromDate = new Date(Math.max(from, HISTORY_START_DAY * DAY_MS)).toISOString().slice(0, 10);
    const toDate = new Date(Math.min(to + (resolution === '1D' ? 0 : 31 * DAY_MS), now + DAY_MS)).toISOString().slice(0, 10);
    let date = bucketOf(fromDate);
    let current: Bar | null = null;
    for (let guard = 0; date <= toDate && guard < 20_000; guard += 1, date = addDays(date, 1)) {
      const bucket = bucketOf(date);
      const bt = Date.parse(`${bucket}T00:00:00Z`);
      if (bt < from || bt >= to) continue;
      const day = this.daySummary(symbol, date, now);
      if (!day) continue;
      if (!current || current.t !== bt) {
        current = { ...day, t: bt };
        out.push(current);
      } else {
        if (day.h > current.h) current.h = day.h;
        if (day.l < current.l) current.l = day.l;
        current.c = day.c;
        current.v += day.v;
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
    let date = this.localDate(symbol, at);
    for (let i = 0; i < 15; i += 1, date = addDays(date, -1)) {
      const bars = this.minuteBars(symbol, date);
      if (bars && bars.t.length > 0 && bars.t[0]! <= at) return date;
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
        for (let i = 0; i < bars.t.length && bars.t[i]! <= at; i += 1) {
          if (bars.t[i]! + MINUTE_MS > at) {
            const live = this.inMinute(bars, at)!;
            high = Math.max(high, live.hi);
            low = Math.min(low, live.lo);
          } else {
            high = Math.max(high, bars.h[i]!);
            low = Math.min(low, bars.l[i]!);
            volume += bars.v[i]!;
          }
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

  /** High, low and volume over the complete minutes of the last 24 h (crypto, perps). */
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

  orderBook(symbol: string, opts: OrderBookOptions = {}): OrderBook {
    const m = this.model(symbol);
    const inst = this.instrument(m.symbol)!;
    const at = opts.at ?? this.now();
    const depth = Math.min(10, Math.max(1, opts.depth ?? 10));
    const idx = this.seriesOf(m.symbol).idxRules;
    const g = opts.granularity && inst.granularities.includes(opts.granularity) ? Number(opts.granularity) : Number(inst.granularities[0]);
    const finest = Number(inst.granularities[0]);
    const price = this.rawPrice(m.symbol, at);
    const { bid, ask } = this.quote(m.symbol, price);
    const key = hash(this.seedKey, hashString(`book:${m.symbol}`));
    // A few minutes of typical volume rest near the touch, more further out.
    const unit = Math.max(m.quantityStep, (m.dailyVolume / 1440) * 2.5 * Math.sqrt(g / finest));
    const levelQty = (side: number, levelPrice: number, i: number): number => {
      const ordinal = Math.round(levelPrice / g);
      const phase = hash(key, ordinal, side) % 3000;
      const bucket = Math.floor((at + phase) / 3000);
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
      ...(inst.kind === 'perp' ? { cryptoFuturePairSymbol: `${inst.shortName}USDT` } : {}),
      updatedAt: at,
    };
  }

  // ---- trades ----

  recentTrades(symbol: string, limit: number, at: number = this.now()): Trade[] {
    const m = this.model(symbol);
    const p = this.seriesOf(m.symbol);
    const key = hash(this.seedKey, hashString(`trades:${m.symbol}`));
    const out: Trade[] = [];
    if (!this.instrument(m.symbol)!.tradable) return out;
    const perDay = TRADES_PER_DAY[p.calendar];
    const nowSecond = Math.floor(at / 1000);
    let bars: MinuteBars | null = null;
    let date = '';
    for (let s = nowSecond; s > nowSecond - 6 * 3600 && out.length < limit; s -= 1) {
      const t0 = s * 1000;
      const d = localDateOf(p.calendar, t0);
      if (d !== date) {
        date = d;
        bars = this.minuteBars(m.symbol, d);
      }
      if (!bars) {
        s = Math.floor(Date.parse(`${d}T00:00:00Z`) / 1000) - 14 * 3600;
        continue;
      }
      const i = minuteIndex(bars, t0);
      if (i < 0) continue;
      const perSecond = (perDay * bars.intensity[i]!) / 60;
      const count = uniform(key, s) < Math.min(0.95, perSecond) ? 1 + (uniform(key, s, 1) < 0.25 ? 1 : 0) : 0;
      for (let j = count - 1; j >= 0 && out.length < limit; j -= 1) {
        const t = t0 + Math.floor(uniform(key, s, 2 + j) * 1000);
        if (t > at) continue;
        const live = this.inMinute(bars, t);
        if (!live) continue;
        const { bid, ask } = this.quote(m.symbol, live.value);
        const buy = uniform(key, s, 10 + j) < 0.5;
        const size = ((m.dailyVolume / perDay) * Math.exp(1.1 * normal(key, s, 20 + j) - 0.6));
        const qty = Math.max(m.quantityStep, Math.floor(size / m.quantityStep) * m.quantityStep);
        out.push({
          id: `${s}${j}`,
          price: this.fmtPrice(m.symbol, buy ? ask : bid),
          quantity: this.fmtQty(m.symbol, qty),
          side: buy ? 'BUY' : 'SELL',
          t,
        });
      }
    }
    out.sort((a, b) => b.t - a.t);
    return out.slice(0, limit);
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
