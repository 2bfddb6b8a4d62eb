// The simulator's caches and incremental paths (recentTrades `since`, per-minute tapes, running
// day aggregates, per-symbol day tables, cached zone offsets) must answer exactly what a fresh
// computation answers: same seed -> same market, whatever a given instance was asked before.
import { zoneOffsetMs } from './calendar/time';
import { MarketSimulator } from './simulator';

const SEED = 'pasar';
// Wednesday 2026-11-18: 15:00 UTC is 10:00 in New York (regular session), 22:00 in Jakarta.
const US_OPEN = Date.parse('2026-11-18T15:00:00Z');
// Thursday 2026-11-19 03:00 UTC is 10:00 in Jakarta (session I).
const IDX_OPEN = Date.parse('2026-11-19T03:00:00Z');
const SYMBOLS: readonly [string, number][] = [
  ['BTC-IDR', US_OPEN],
  ['BTCUSDT-PERP', US_OPEN],
  ['AAPL', US_OPEN],
  ['BBCA', IDX_OPEN],
];

describe('recentTrades with since', () => {
  const sim = new MarketSimulator({ seed: SEED });

  it.each(SYMBOLS)('%s: returns exactly the trades after `since`, agreeing with the full list', (symbol, at) => {
    const all = sim.recentTrades(symbol, 500, at);
    expect(all.length).toBeGreaterThan(50);
    for (let i = 1; i < all.length; i += 1) expect(all[i]!.t).toBeLessThanOrEqual(all[i - 1]!.t);
    for (const k of [0, 1, 7, 30]) {
      const since = all[k]!.t; // exclusive: that trade itself is not new
      expect(sim.recentTrades(symbol, 500, at, since)).toEqual(all.filter((t) => t.t > since));
      expect(sim.recentTrades(symbol, 500, at, since - 0.5)).toEqual(all.filter((t) => t.t > since - 0.5));
    }
    expect(sim.recentTrades(symbol, 500, at, at)).toEqual([]);
    // The limit keeps the most recent ones.
    expect(sim.recentTrades(symbol, 10, at, all[40]!.t)).toEqual(all.slice(0, 10));
  });

  it.each(SYMBOLS)('%s: polling every 250 ms with since = the newest seen rebuilds the tape without gaps or repeats', (symbol, start) => {
    const poller = new MarketSimulator({ seed: SEED });
    const seen: string[] = [];
    let newest = start;
    for (let at = start + 250; at <= start + 120_000; at += 250) {
      const fresh = poller.recentTrades(symbol, 100, at, newest);
      for (const trade of [...fresh].reverse()) seen.push(trade.id);
      if (fresh[0]) newest = fresh[0].t;
    }
    const end = start + 120_000;
    const expected = new MarketSimulator({ seed: SEED })
      .recentTrades(symbol, 5000, end)
      .filter((t) => t.t > start)
      .reverse()
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(5);
    expect(seen).toEqual(expected);
  });

  it('prints nothing older than six hours, nor for a market closed that long', () => {
    const sim2 = new MarketSimulator({ seed: SEED });
    const trades = sim2.recentTrades('BTC-IDR', 100_000, US_OPEN);
    expect(trades.at(-1)!.t).toBeGreaterThanOrEqual(US_OPEN - 6 * 3_600_000);
    // Saturday 2026-11-21 12:00 UTC: New York closed since Friday 20:00 (01:00 UTC Saturday).
    expect(sim2.recentTrades('AAPL', 100, Date.parse('2026-11-21T12:00:00Z'))).toEqual([]);
    expect(sim2.recentTrades('SPX', 100, US_OPEN)).toEqual([]);
  });

  it('hands out copies: changing a returned trade does not change the tape', () => {
    const sim2 = new MarketSimulator({ seed: SEED });
    const first = sim2.recentTrades('AAPL', 5, US_OPEN);
    const copy = JSON.stringify(first);
    first[0]!.price = '0';
    expect(JSON.stringify(sim2.recentTrades('AAPL', 5, US_OPEN))).toBe(copy);
  });
});

describe('caches never change an answer', () => {
  const snapshot = (sim: MarketSimulator, symbol: string, at: number) => ({
    ticker: sim.ticker(symbol, at),
    book: sim.orderBook(symbol, { at }),
    trades: sim.recentTrades(symbol, 100, at),
    minute: sim.candles(symbol, '1', at - 60_000, at + 1, at),
    hour: sim.candles(symbol, '60', at - 3_600_000, at + 1, at),
    day: sim.candles(symbol, '1D', at - 86_400_000, at + 1, at),
    week: sim.candles(symbol, '1W', at - 7 * 86_400_000, at + 1, at),
  });

  it.each(SYMBOLS)('%s: an instance polled tick by tick agrees with a fresh one at every instant', (symbol, start) => {
    const polled = new MarketSimulator({ seed: SEED });
    for (let k = 0; k <= 600; k += 1) {
      const at = start + k * 250;
      const answer = snapshot(polled, symbol, at);
      if (k % 150 === 0) expect(answer).toEqual(snapshot(new MarketSimulator({ seed: SEED }), symbol, at));
    }
    // Asked about an earlier instant afterwards (a halted symbol is frozen in the past).
    const earlier = start - 3_600_000 + 12_345;
    expect(snapshot(polled, symbol, earlier)).toEqual(snapshot(new MarketSimulator({ seed: SEED }), symbol, earlier));
  });

  it('builds the day in progress from its minutes so far (US: regular session)', () => {
    const sim = new MarketSimulator({ seed: SEED });
    const at = US_OPEN + 37_500;
    const [day] = sim.rawCandles('AAPL', '1D', Date.parse('2026-11-18T00:00:00Z'), at + 1, at);
    const bars = sim.minuteBars('AAPL', '2026-11-18')!;
    const regular = [...bars.sess.keys()].filter((i) => bars.sess[i] === 0 && bars.t[i]! + 60_000 <= at);
    expect(regular.length).toBe(30); // 09:30–10:00 complete
    expect(day!.o).toBe(bars.o[regular[0]!]);
    expect(day!.h).toBeGreaterThanOrEqual(Math.max(...regular.map((i) => bars.h[i]!)));
    expect(day!.l).toBeLessThanOrEqual(Math.min(...regular.map((i) => bars.l[i]!)));
    expect(day!.c).toBe(sim.rawPrice('AAPL', at));
    expect(day!.v).toBeCloseTo(regular.reduce((a, i) => a + bars.v[i]!, 0), 6);
  });

  it('answers years of weekly bars from the day tables, the same as day by day', () => {
    const sim = new MarketSimulator({ seed: SEED });
    const from = Date.parse('2021-01-04T00:00:00Z');
    const weeks = sim.rawCandles('TLKM', '1W', from, US_OPEN, US_OPEN);
    expect(weeks.length).toBeGreaterThan(250);
    const other = new MarketSimulator({ seed: SEED });
    for (const w of [weeks[0]!, weeks[100]!, weeks.at(-2)!]) {
      const days = other.rawCandles('TLKM', '1D', w.t, w.t + 7 * 86_400_000, US_OPEN);
      expect(w.o).toBe(days[0]!.o);
      expect(w.c).toBe(days.at(-1)!.c);
      expect(w.h).toBe(Math.max(...days.map((d) => d.h)));
      expect(w.l).toBe(Math.min(...days.map((d) => d.l)));
    }
  });

  it('keeps its caches bounded', () => {
    const sim = new MarketSimulator({ seed: SEED });
    for (let d = 0; d < 40; d += 1) sim.candles('ETH-IDR', '60', US_OPEN - (d + 1) * 86_400_000, US_OPEN - d * 86_400_000, US_OPEN);
    const stats = sim.cacheStats();
    expect(stats.minuteDays).toBeGreaterThanOrEqual(40);
    expect(stats.minuteDays).toBeLessThanOrEqual(stats.minuteDaysMax!);
    expect(stats.tapeMinutes).toBeLessThanOrEqual(stats.tapeMinutesMax!);
    expect(stats.dayTables).toBeLessThanOrEqual(stats.dayTablesMax!);
  });
});

describe('cached zone offsets', () => {
  const intl = (timeZone: string, at: number): number => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(at))
        .filter((p) => p.type !== 'literal')
        .map((p) => [p.type, Number(p.value)]),
    );
    return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - Math.floor(at / 1000) * 1000;
  };

  it.each(['America/New_York', 'Asia/Jakarta', 'Australia/Adelaide', 'Europe/London'])(
    '%s: equal to Intl at every quarter hour around the DST changes, in any order',
    (zone) => {
      const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01'];
      const instants = days.flatMap((d) => {
        const base = Date.parse(`${d}T00:00:00Z`) - 86_400_000;
        return Array.from({ length: 3 * 96 }, (_, i) => base + i * 900_000 + (i % 7) * 1000);
      });
      for (const at of [...instants].reverse()) expect(zoneOffsetMs(zone, at)).toBe(intl(zone, at));
      for (const at of instants) expect(zoneOffsetMs(zone, at)).toBe(intl(zone, at));
    },
  );
});
