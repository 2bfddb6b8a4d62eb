// Generated reference data for US stocks: corporate actions (quarterly dividends, the real splits
// of the last years) and quarterly earnings per share, plausible and seeded per symbol.
import type { CorporateAction, Eps } from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { hash, hashString, uniform } from '../../market/rng';
import { addDays, weekday } from '../../market/calendar/time';

/** Splits of these stocks since 2020, as announced by the companies. */
const SPLITS: Record<string, readonly (readonly [string, string])[]> = {
  AAPL: [['2020-08-31', '4:1']],
  TSLA: [
    ['2020-08-31', '5:1'],
    ['2022-08-25', '3:1'],
  ],
  NVDA: [
    ['2021-07-20', '4:1'],
    ['2024-06-10', '10:1'],
  ],
  AMZN: [['2022-06-06', '20:1']],
  GOOGL: [['2022-07-18', '20:1']],
  AVGO: [['2024-07-15', '10:1']],
  WMT: [['2024-02-26', '3:1']],
  NFLX: [['2025-11-17', '10:1']],
};

const weekdayOnOrBefore = (date: string): string => {
  let d = date;
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
};

export function corporateActions(symbol: string, annualDividend: number, today: string): CorporateAction[] {
  const out: CorporateAction[] = [];
  const key = hashString(`ca:${symbol}`);
  if (annualDividend > 0) {
    const year = Number(today.slice(0, 4));
    // Ex-dates in the second month of each quarter, around the 10th, the last three years and the next one.
    for (let y = year - 3; y <= year + 1; y += 1) {
      for (const month of [2, 5, 8, 11]) {
        const day = 5 + (hash(key, y, month) % 15);
        const exDate = weekdayOnOrBefore(`${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
        if (exDate > addDays(today, 75)) continue;
        const growth = 1 + 0.05 * (y - year);
        out.push({
          id: `${symbol}-DIV-${exDate}`,
          symbol,
          type: 'DIVIDEND',
          exDate,
          recordDate: addDays(exDate, 1),
          payDate: addDays(exDate, 14 + (hash(key, y, month, 1) % 14)),
          amount: new Decimal(annualDividend / 4).times(growth).toDecimalPlaces(4).toFixed(4),
          ratio: null,
          status: exDate <= today ? 'COMPLETED' : 'ANNOUNCED',
        });
      }
    }
  }
  for (const [exDate, ratio] of SPLITS[symbol] ?? []) {
    out.push({ id: `${symbol}-SPLIT-${exDate}`, symbol, type: 'SPLIT', exDate, recordDate: null, payDate: null, amount: null, ratio, status: exDate <= today ? 'COMPLETED' : 'ANNOUNCED' });
  }
  return out.sort((a, b) => (a.exDate < b.exDate ? 1 : -1));
}

/** Eight reported quarters and the next one (estimate only), from a seeded price/earnings ratio. */
export function earnings(symbol: string, price: number, today: string): Eps[] {
  const key = hashString(`eps:${symbol}`);
  const pe = 14 + uniform(key, 1) * 36;
  const annual = price / pe;
  const out: Eps[] = [];
  const year = Number(today.slice(0, 4));
  // Quarter q of fiscal year y reports about four weeks after the quarter ends.
  const reports: { fy: number; q: number; date: string }[] = [];
  for (let y = year - 3; y <= year + 1; y += 1) {
    for (let q = 1; q <= 4; q += 1) {
      const endMonth = q * 3;
      const ry = endMonth === 12 ? y + 1 : y;
      const rm = endMonth === 12 ? 1 : endMonth + 1;
      const day = 18 + (hash(key, y, q) % 12);
      reports.push({ fy: y, q, date: weekdayOnOrBefore(`${ry}-${String(rm).padStart(2, '0')}-${String(day).padStart(2, '0')}`) });
    }
  }
  const past = reports.filter((r) => r.date <= today).slice(-8);
  const next = reports.find((r) => r.date > today);
  for (const r of [...past, ...(next ? [next] : [])]) {
    const seasonal = 1 + 0.08 * Math.sin((r.q / 4) * 2 * Math.PI + (key % 7));
    const trend = Math.pow(1.1, r.fy - year);
    const estimate = (annual / 4) * seasonal * trend;
    const reported = r.date <= today;
    const surprise = (uniform(key, r.fy, r.q) - 0.35) * 0.16;
    const actual = estimate * (1 + surprise);
    out.push({
      fiscalYear: r.fy,
      fiscalQuarter: r.q,
      reportDate: r.date,
      estimate: estimate.toFixed(2),
      actual: reported ? actual.toFixed(2) : null,
      surprisePercent: reported ? (((Number(actual.toFixed(2)) - Number(estimate.toFixed(2))) / Number(estimate.toFixed(2))) * 100).toFixed(2) : null,
    });
  }
  return out.reverse();
}
