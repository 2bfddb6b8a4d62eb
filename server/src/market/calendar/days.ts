// A market's days as a client shows them ahead of time: each date's status (trading, early close,
// holiday with its name, weekend) and its sessions as instants with the exchange's offset and as
// wall times. IDX's parts carry the exchange's names (pre-opening, session I, the lunch break,
// session II, pre-closing).
import type { CalendarDay, CalendarSession, CalendarSessionKind, SessionKindName } from '@pasar/shared/contract';
import type { MarketCalendar, Session } from './index';
import { addDays, weekday, zonedHhmm, zonedIso } from './time';

function kindOf(cal: MarketCalendar, kind: SessionKindName): CalendarSessionKind {
  if (cal.market === 'IDSS' && kind === 'PRE_MARKET') return 'PRE_OPENING';
  if (cal.market === 'IDSS' && kind === 'POST_MARKET') return 'PRE_CLOSING';
  return kind;
}

/** One date of a market's calendar. */
export function calendarDay(cal: MarketCalendar, date: string): CalendarDay {
  const holiday = cal.holidayName(date);
  const wd = weekday(date);
  const status = wd === 0 || wd === 6 ? 'WEEKEND' : holiday !== null ? 'HOLIDAY' : cal.isEarlyClose(date) ? 'EARLY_CLOSE' : 'TRADING';
  const view = (kind: CalendarSessionKind, open: number, close: number, trading: boolean): CalendarSession => ({
    kind,
    open: zonedIso(open, cal.timeZone),
    close: zonedIso(close, cal.timeZone),
    openLocal: zonedHhmm(open, cal.timeZone),
    closeLocal: zonedHhmm(close, cal.timeZone),
    trading,
  });
  const sessions: CalendarSession[] = [];
  let previous: Session | undefined;
  for (const s of cal.sessions(date)) {
    // IDX: the gap between session I and session II is the lunch break.
    if (previous?.kind === 'SESSION_1' && s.kind === 'SESSION_2') sessions.push(view('LUNCH_BREAK', previous.close, s.open, false));
    sessions.push(view(kindOf(cal, s.kind), s.open, s.close, s.trading));
    previous = s;
  }
  return { date, status, holiday: status === 'WEEKEND' ? null : holiday, sessions };
}

/** Every date from `from` to `to` inclusive. */
export function calendarDays(cal: MarketCalendar, from: string, to: string): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(calendarDay(cal, d));
  return days;
}
