// NYSE holidays and early closes, computed from the exchange's rules (valid 2020–2027 and beyond):
// New Year's Day, Martin Luther King Jr. Day, Washington's Birthday, Good Friday, Memorial Day,
// Juneteenth (from 2022), Independence Day, Labor Day, Thanksgiving, Christmas. A Saturday holiday
// is observed the Friday before (except New Year's Day: NYSE stays open on 31 December), a
// Sunday holiday the Monday after. Early closes (13:00, post-market to 17:00): the day after
// Thanksgiving, Christmas Eve and 3 July when they are weekdays and not holidays themselves.
import { addDays, weekday, ymd } from './time';

/** The n-th (1-based) weekday `wd` of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, wd: number, n: number): string {
  if (n > 0) {
    const first = weekday(ymd(year, month, 1));
    return ymd(year, month, 1 + ((wd - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(ymd(year, month, lastDay));
  return ymd(year, month, lastDay - ((last - wd + 7) % 7));
}

/** Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

function observed(date: string, allowFriday = true): string | null {
  const wd = weekday(date);
  if (wd === 6) return allowFriday ? addDays(date, -1) : null;
  if (wd === 0) return addDays(date, 1);
  return date;
}

const cache = new Map<number, { holidays: Map<string, string>; earlyCloses: Set<string> }>();

export function nyseYear(year: number): { holidays: Map<string, string>; earlyCloses: Set<string> } {
  const hit = cache.get(year);
  if (hit) return hit;
  const holidays = new Map<string, string>();
  const add = (date: string | null, name: string) => {
    if (date) holidays.set(date, name);
  };
  add(observed(ymd(year, 1, 1), false), "New Year's Day");
  add(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day');
  add(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  add(addDays(easterSunday(year), -2), 'Good Friday');
  add(nthWeekday(year, 5, 1, -1), 'Memorial Day');
  if (year >= 2022) add(observed(ymd(year, 6, 19)), 'Juneteenth National Independence Day');
  add(observed(ymd(year, 7, 4)), 'Independence Day');
  add(nthWeekday(year, 9, 1, 1), 'Labor Day');
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  add(thanksgiving, 'Thanksgiving Day');
  add(observed(ymd(year, 12, 25)), 'Christmas Day');
  // New Year's Day of next year on a Saturday is not observed on 31 December (NYSE rule).

  const earlyCloses = new Set<string>();
  const early = (date: string) => {
    const wd = weekday(date);
    if (wd >= 1 && wd <= 5 && !holidays.has(date)) earlyCloses.add(date);
  };
  early(addDays(thanksgiving, 1));
  early(ymd(year, 12, 24));
  // 3 July closes early only when Independence Day itself is a weekday after it (Tue–Fri).
  const july4 = weekday(ymd(year, 7, 4));
  if (july4 >= 2 && july4 <= 5) early(ymd(year, 7, 3));
  const out = { holidays, earlyCloses };
  cache.set(year, out);
  return out;
}
