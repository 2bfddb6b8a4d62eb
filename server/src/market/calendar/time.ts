// Dates as "YYYY-MM-DD" strings and wall-clock times in a time zone, through Intl (DST right).

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Days since 1970-01-01 of a "YYYY-MM-DD" (arithmetic, no string parsing on the hot path). */
export function epochDay(date: string): number {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const day = parseEpochDay(date);
  if (dayNumbers.size >= 50_000) dayNumbers.clear();
  dayNumbers.set(date, day);
  return day;
}

const dayNumbers = new Map<string, number>();

function parseEpochDay(date: string): number {
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45) {
    const y = digits(date, 0, 4);
    const m = digits(date, 5, 7);
    const d = digits(date, 8, 10);
    if (y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31) return Date.UTC(y, m - 1, d) / DAY_MS;
  }
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** Day number -> "YYYY-MM-DD", memoised (the simulator asks for the same few thousand days). */
const dateStrings = new Map<number, string>();

/** "YYYY-MM-DD" of a day number. */
export function dateOfEpochDay(day: number): string {
  let s = dateStrings.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dateStrings.size >= 50_000) dateStrings.clear();
    dateStrings.set(day, s);
  }
  return s;
}

export const addDays = (date: string, days: number): string => dateOfEpochDay(epochDay(date) + days);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string): number => weekdayOfEpochDay(epochDay(date));

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOfEpochDay = (day: number): number => (((day + 4) % 7) + 7) % 7;

export const ymd = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms, through Intl (slow: a few microseconds). */
function intlOffsetMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
/** Per zone: the offset of a UTC day (or, on a day the offset changes, of an hour) -> ms. */
const offsetCache = new Map<string, { days: Map<number, number>; hours: Map<number, number> }>();

/**
 * The zone's offset from UTC at an instant, in ms (New York in summer: -4 h). Cached per UTC day
 * when the offset is the same at both ends of the day, else per hour when it is the same at both
 * ends of the hour (zones change offset at most once a day, on a whole quarter hour); otherwise
 * asked of Intl each time. So the answer is exactly Intl's, and costs a map lookup.
 */
export function zoneOffsetMs(timeZone: string, at: number): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = { days: new Map(), hours: new Map() }));
  const day = Math.floor(at / DAY_MS);
  const byDay = zone.days.get(day);
  if (byDay !== undefined) return byDay;
  const hour = Math.floor(at / HOUR_MS);
  const byHour = zone.hours.get(hour);
  if (byHour !== undefined) return byHour;
  const dayStart = intlOffsetMs(timeZone, day * DAY_MS);
  if (dayStart === intlOffsetMs(timeZone, (day + 1) * DAY_MS - 1000)) {
    if (zone.days.size >= 50_000) zone.days.clear();
    zone.days.set(day, dayStart);
    return dayStart;
  }
  const hourStart = intlOffsetMs(timeZone, hour * HOUR_MS);
  if (hourStart === intlOffsetMs(timeZone, (hour + 1) * HOUR_MS - 1000)) {
    if (zone.hours.size >= 10_000) zone.hours.clear();
    zone.hours.set(hour, hourStart);
    return hourStart;
  }
  return intlOffsetMs(timeZone, at);
}

/** The instant of a wall-clock time ("HH:MM") on a date in a zone. */
export function zonedTime(date: string, hhmm: string, timeZone: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const naive = Date.parse(`${date}T00:00:00Z`) + (h * 60 + m) * MINUTE_MS;
  let offset = zoneOffsetMs(timeZone, naive);
  let at = naive - offset;
  const again = zoneOffsetMs(timeZone, at);
  if (again !== offset) {
    offset = again;
    at = naive - offset;
  }
  return at;
}

/** An instant as ISO 8601 with the zone's offset at it: `2026-11-27T09:30:00-05:00` (whole seconds). */
export function zonedIso(at: number, timeZone: string): string {
  const offset = zoneOffsetMs(timeZone, at);
  const local = new Date(Math.floor(at / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / MINUTE_MS;
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The zone's wall time of an instant, HH:MM. */
export const zonedHhmm = (at: number, timeZone: string): string => zonedIso(at, timeZone).slice(11, 16);

/** The zone's calendar date of an instant. */
export function zonedDate(at: number, timeZone: string): string {
  return dateOfEpochDay(Math.floor((at + zoneOffsetMs(timeZone, at)) / DAY_MS));
}

/** Western Indonesia Time (WIB) is UTC+7 all year (no daylight saving). */
export const WIB_OFFSET_MS = 7 * 3_600_000;
/** The WIB calendar date of an instant, YYYY-MM-DD (Indonesian business days: limits, accruals, ages). */
export const wibDate = (at: number | Date): string =>
  new Date((typeof at === 'number' ? at : at.getTime()) + WIB_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a WIB date begins. */
export const wibStart = (date: string): number => Date.parse(`${date}T00:00:00Z`) - WIB_OFFSET_MS;
