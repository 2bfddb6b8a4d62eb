// The studies' values, from trading-signals' streaming indicators: each bar is one `update`, and
// the live bar replaces its last input (`update(value, true)`), so a tick costs one step of each
// indicator, never a pass over the history. No indicator formula is written here: VWAP only starts
// a new trading-signals VWAP at each session day of the market (sessionDayOf).
import { MARKETS, type MarketId } from '@pasar/shared';
import { BollingerBands, EMA, MACD, RSI, SMA, StochasticOscillator, VWAP } from 'trading-signals';
import type { Study, StudyType } from './chart-state';

/** A candle as numbers (the chart draws numbers; prices stay strings everywhere else). */
export interface StudyBar {
  /** Epoch milliseconds. */
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The lines (or bars) each study draws, in the order of its `colors`. */
export const STUDY_OUTPUTS: Readonly<Record<StudyType, readonly string[]>> = {
  MA: ['ma'],
  EMA: ['ema'],
  BOLL: ['middle', 'upper', 'lower'],
  VWAP: ['vwap'],
  VOL: ['volume', 'ma'],
  RSI: ['rsi'],
  MACD: ['macd', 'signal', 'histogram'],
  STOCH: ['k', 'd'],
};

/** Each study's parameters with their bounds (the edit dialog's fields). */
export const STUDY_PARAMS: Readonly<Record<StudyType, readonly { name: string; min: number; max: number; step: number }[]>> = {
  MA: [{ name: 'period', min: 1, max: 500, step: 1 }],
  EMA: [{ name: 'period', min: 1, max: 500, step: 1 }],
  BOLL: [
    { name: 'period', min: 2, max: 500, step: 1 },
    { name: 'deviation', min: 0.1, max: 10, step: 0.1 },
  ],
  VWAP: [],
  VOL: [{ name: 'maPeriod', min: 1, max: 500, step: 1 }],
  RSI: [{ name: 'period', min: 2, max: 500, step: 1 }],
  MACD: [
    { name: 'short', min: 1, max: 500, step: 1 },
    { name: 'long', min: 2, max: 500, step: 1 },
    { name: 'signal', min: 1, max: 500, step: 1 },
  ],
  STOCH: [
    { name: 'k', min: 1, max: 500, step: 1 },
    { name: 'd', min: 1, max: 500, step: 1 },
    { name: 'smooth', min: 1, max: 500, step: 1 },
  ],
};

export type StudyValues = (number | null)[];

export interface StudyCalculator {
  readonly outputs: readonly string[];
  /** The next bar (`replace` false) or the live bar again (`replace` true); answers one value per output, null while warming up. */
  push(bar: StudyBar, replace: boolean): StudyValues;
}

/** A parameter within its bounds (a saved state or a typed field may hold anything). */
function param(study: Study, name: string, fallback: number): number {
  const spec = STUDY_PARAMS[study.type].find((p) => p.name === name);
  const raw = study.params[name];
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : fallback;
  if (!spec) return value;
  const bounded = Math.min(spec.max, Math.max(spec.min, value));
  return spec.step >= 1 ? Math.round(bounded) : bounded;
}

type Compute = (bar: StudyBar, replace: boolean) => StudyValues;

/** The day of a market that trades around the clock (crypto, perps) runs midnight to midnight WIB. */
export const ROUND_THE_CLOCK_DAY_TIME_ZONE = 'Asia/Jakarta';
const HOUR_MS = 3_600_000;

/**
 * The session day of a bar time (epoch ms) as `YYYY-MM-DD` in the market's session time zone (US:
 * New York, IDX: Jakarta; round the clock: WIB). Time zones change offset on whole hours, so one
 * date per hour is worked out and kept (a 10,000-bar history asks the formatter a few hundred times).
 */
export function sessionDayOf(market: MarketId): (time: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: MARKETS[market].sessionTimeZone ?? ROUND_THE_CLOCK_DAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days = new Map<number, string>();
  return (time) => {
    const hour = Math.floor(time / HOUR_MS);
    let day = days.get(hour);
    if (day === undefined) {
      day = format.format(time);
      days.set(hour, day);
    }
    return day;
  };
}

function computeOf(study: Study, market: MarketId): Compute {
  switch (study.type) {
    case 'MA': {
      const sma = new SMA(param(study, 'period', 20));
      return (bar, replace) => [sma.update(bar.close, replace)];
    }
    case 'EMA': {
      // trading-signals' EMA answers from the first price on; a line starts once it has a period of prices.
      const ema = new EMA(param(study, 'period', 50));
      return (bar, replace) => {
        const value = ema.update(bar.close, replace);
        return [ema.isStable ? value : null];
      };
    }
    case 'BOLL': {
      const bands = new BollingerBands(param(study, 'period', 20), param(study, 'deviation', 2));
      return (bar, replace) => {
        const b = bands.update(bar.close, replace);
        return b ? [b.middle, b.upper, b.lower] : [null, null, null];
      };
    }
    case 'VWAP': {
      // A session VWAP: the first bar of each of the market's days starts a new one.
      const dayOf = sessionDayOf(market);
      let vwap = new VWAP();
      let day: string | null = null;
      return (bar, replace) => {
        const today = dayOf(bar.t);
        if (!replace && today !== day) {
          if (day !== null) vwap = new VWAP();
          day = today;
        }
        return [vwap.update(bar, replace)];
      };
    }
    case 'VOL': {
      const sma = new SMA(param(study, 'maPeriod', 20));
      return (bar, replace) => [bar.volume, sma.update(bar.volume, replace)];
    }
    case 'RSI': {
      const rsi = new RSI(param(study, 'period', 14));
      return (bar, replace) => [rsi.update(bar.close, replace)];
    }
    case 'MACD': {
      const macd = new MACD(new EMA(param(study, 'short', 12)), new EMA(param(study, 'long', 26)), new EMA(param(study, 'signal', 9)));
      return (bar, replace) => {
        const m = macd.update(bar.close, replace);
        return m ? [m.macd, m.signal, m.histogram] : [null, null, null];
      };
    }
    case 'STOCH': {
      const stoch = new StochasticOscillator({ kPeriod: param(study, 'k', 14), dPeriod: param(study, 'd', 3), kSlowingPeriod: param(study, 'smooth', 3) });
      return (bar, replace) => {
        const s = stoch.update(bar, replace);
        return s ? [s.stochK, s.stochD] : [null, null];
      };
    }
  }
}

/** `market` bounds the session of a daily study (VWAP); crypto's when not given. */
export function createStudyCalculator(study: Study, market: MarketId = 'crypto'): StudyCalculator {
  const compute = computeOf(study, market);
  let started = false;
  return {
    outputs: STUDY_OUTPUTS[study.type],
    push(bar, replace) {
      // The first bar can only be added, never replace one.
      const values = compute(bar, replace && started);
      started = true;
      return values;
    },
  };
}

/** Every bar's values from scratch (a study added, edited, or the candles replaced). */
export function computeStudy(study: Study, bars: readonly StudyBar[], market?: MarketId): StudyValues[] {
  const calc = createStudyCalculator(study, market);
  return bars.map((bar) => calc.push(bar, false));
}
