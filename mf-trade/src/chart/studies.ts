// The studies' values, from trading-signals' streaming indicators: each bar is one `update`, and
// the live bar replaces its last input (`update(value, true)`), so a tick costs one step of each
// indicator, never a pass over the history. No indicator formula is written here.
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

function computeOf(study: Study): Compute {
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
      const vwap = new VWAP();
      return (bar, replace) => [vwap.update(bar, replace)];
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

export function createStudyCalculator(study: Study): StudyCalculator {
  const compute = computeOf(study);
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
export function computeStudy(study: Study, bars: readonly StudyBar[]): StudyValues[] {
  const calc = createStudyCalculator(study);
  return bars.map((bar) => calc.push(bar, false));
}
