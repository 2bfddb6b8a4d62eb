// Dates as "YYYY-MM-DD" strings and wall-clock times in a time zone, through Intl (DST right).

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Days since 1970-01-01 of a "YYYY-MM-DD". */
export const epochDay = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** "YYYY-MM-DD" of a day number. */
export const dateOfEpochDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => dateOfEpochDay(epochDay(date) + days);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

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

/** The zone's offset from UTC at an instant, in ms (New York in summer: -4 h). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
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

/** The zone's calendar date of an instant. */
export function zonedDate(at: number, timeZone: string): string {
  return dateOfEpochDay(Math.floor((at + zoneOffsetMs(timeZone, at)) / DAY_MS));
}
