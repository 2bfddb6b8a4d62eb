// The calendar a client shows ahead of time: each date's status, holiday name and sessions, as
// instants with the exchange's offset and as wall times (DST included).
import { CalendarDay } from '@pasar/shared/contract';
import { calendarDay, calendarDays } from './days';
import { idxCalendar, nyseCalendar } from './index';

type Row = [kind: string, open: string, close: string];
const sessions = (day: CalendarDay): Row[] => day.sessions.map((s) => [s.kind, s.open, s.close]);
const locals = (day: CalendarDay): string[] => day.sessions.map((s) => `${s.kind} ${s.openLocal}-${s.closeLocal}`);

const US_FULL_LOCAL = ['PRE_MARKET 04:00-09:30', 'REGULAR 09:30-16:00', 'POST_MARKET 16:00-20:00'];

describe('the US calendar (New York time)', () => {
  const cases: { name: string; date: string; status: CalendarDay['status']; holiday?: string; sessions: Row[]; local?: string[] }[] = [
    { name: 'Thanksgiving: closed', date: '2026-11-26', status: 'HOLIDAY', holiday: 'Thanksgiving Day', sessions: [] },
    {
      name: 'the day after Thanksgiving: regular closes 13:00, post-market to 17:00',
      date: '2026-11-27',
      status: 'EARLY_CLOSE',
      sessions: [
        ['PRE_MARKET', '2026-11-27T04:00:00-05:00', '2026-11-27T09:30:00-05:00'],
        ['REGULAR', '2026-11-27T09:30:00-05:00', '2026-11-27T13:00:00-05:00'],
        ['POST_MARKET', '2026-11-27T13:00:00-05:00', '2026-11-27T17:00:00-05:00'],
      ],
      local: ['PRE_MARKET 04:00-09:30', 'REGULAR 09:30-13:00', 'POST_MARKET 13:00-17:00'],
    },
    { name: 'DST begins (a Sunday)', date: '2026-03-08', status: 'WEEKEND', sessions: [] },
    {
      name: 'the Friday before DST begins: EST (-05:00)',
      date: '2026-03-06',
      status: 'TRADING',
      sessions: [
        ['PRE_MARKET', '2026-03-06T04:00:00-05:00', '2026-03-06T09:30:00-05:00'],
        ['REGULAR', '2026-03-06T09:30:00-05:00', '2026-03-06T16:00:00-05:00'],
        ['POST_MARKET', '2026-03-06T16:00:00-05:00', '2026-03-06T20:00:00-05:00'],
      ],
      local: US_FULL_LOCAL,
    },
    {
      name: 'the Monday after DST begins: EDT (-04:00), same wall times',
      date: '2026-03-09',
      status: 'TRADING',
      sessions: [
        ['PRE_MARKET', '2026-03-09T04:00:00-04:00', '2026-03-09T09:30:00-04:00'],
        ['REGULAR', '2026-03-09T09:30:00-04:00', '2026-03-09T16:00:00-04:00'],
        ['POST_MARKET', '2026-03-09T16:00:00-04:00', '2026-03-09T20:00:00-04:00'],
      ],
      local: US_FULL_LOCAL,
    },
    { name: 'DST ends (a Sunday)', date: '2026-11-01', status: 'WEEKEND', sessions: [] },
    {
      name: 'the Friday before DST ends: EDT',
      date: '2026-10-30',
      status: 'TRADING',
      sessions: [
        ['PRE_MARKET', '2026-10-30T04:00:00-04:00', '2026-10-30T09:30:00-04:00'],
        ['REGULAR', '2026-10-30T09:30:00-04:00', '2026-10-30T16:00:00-04:00'],
        ['POST_MARKET', '2026-10-30T16:00:00-04:00', '2026-10-30T20:00:00-04:00'],
      ],
      local: US_FULL_LOCAL,
    },
    {
      name: 'the Monday after DST ends: EST',
      date: '2026-11-02',
      status: 'TRADING',
      sessions: [
        ['PRE_MARKET', '2026-11-02T04:00:00-05:00', '2026-11-02T09:30:00-05:00'],
        ['REGULAR', '2026-11-02T09:30:00-05:00', '2026-11-02T16:00:00-05:00'],
        ['POST_MARKET', '2026-11-02T16:00:00-05:00', '2026-11-02T20:00:00-05:00'],
      ],
      local: US_FULL_LOCAL,
    },
    { name: 'a Saturday', date: '2026-11-28', status: 'WEEKEND', sessions: [] },
    { name: 'a Sunday', date: '2026-11-29', status: 'WEEKEND', sessions: [] },
    { name: 'Christmas', date: '2026-12-25', status: 'HOLIDAY', holiday: 'Christmas Day', sessions: [] },
    { name: 'Christmas Eve: early close', date: '2026-12-24', status: 'EARLY_CLOSE', sessions: [
      ['PRE_MARKET', '2026-12-24T04:00:00-05:00', '2026-12-24T09:30:00-05:00'],
      ['REGULAR', '2026-12-24T09:30:00-05:00', '2026-12-24T13:00:00-05:00'],
      ['POST_MARKET', '2026-12-24T13:00:00-05:00', '2026-12-24T17:00:00-05:00'],
    ] },
  ];

  it.each(cases)('$name ($date)', ({ date, status, holiday, sessions: expected, local }) => {
    const day = CalendarDay.parse(calendarDay(nyseCalendar, date));
    expect(day.date).toBe(date);
    expect(day.status).toBe(status);
    expect(day.holiday).toBe(holiday ?? null);
    expect(sessions(day)).toEqual(expected);
    if (local) expect(locals(day)).toEqual(local);
    // Every session's instant is the same instant the calendar trades on.
    for (const [s, cal] of day.sessions.map((s, i) => [s, nyseCalendar.sessions(date)[i]!] as const)) {
      expect(Date.parse(s.open)).toBe(cal.open);
      expect(Date.parse(s.close)).toBe(cal.close);
      expect(s.trading).toBe(true);
    }
  });
});

describe('the IDX calendar (Jakarta time)', () => {
  it('a Monday: pre-opening, session I, lunch, session II, pre-closing', () => {
    const day = calendarDay(idxCalendar, '2026-11-23');
    expect(day.status).toBe('TRADING');
    expect(locals(day)).toEqual(['PRE_OPENING 08:45-09:00', 'SESSION_1 09:00-12:00', 'LUNCH_BREAK 12:00-13:30', 'SESSION_2 13:30-15:50', 'PRE_CLOSING 15:50-16:00']);
    expect(day.sessions.map((s) => s.trading)).toEqual([false, true, false, true, false]);
    expect(day.sessions[1]!.open).toBe('2026-11-23T09:00:00+07:00');
  });

  it('a Friday: session I to 11:30, session II from 14:00', () => {
    const day = calendarDay(idxCalendar, '2026-11-27');
    expect(day.status).toBe('TRADING');
    expect(locals(day)).toEqual(['PRE_OPENING 08:45-09:00', 'SESSION_1 09:00-11:30', 'LUNCH_BREAK 11:30-14:00', 'SESSION_2 14:00-15:50', 'PRE_CLOSING 15:50-16:00']);
    expect(sessions(day)[3]).toEqual(['SESSION_2', '2026-11-27T14:00:00+07:00', '2026-11-27T15:50:00+07:00']);
  });

  it.each([
    ['2026-12-25', 'Hari Raya Natal'],
    ['2026-08-17', 'Hari Kemerdekaan Republik Indonesia'],
    ['2026-12-31', 'Libur bursa akhir tahun'],
  ])('a holiday (%s) is closed, with its name', (date, name) => {
    expect(calendarDay(idxCalendar, date)).toEqual({ date, status: 'HOLIDAY', holiday: name, sessions: [] });
  });

  it('a range lists every date, trading or not', () => {
    const days = calendarDays(idxCalendar, '2026-12-23', '2026-12-28');
    expect(days.map((d) => `${d.date} ${d.status}`)).toEqual([
      '2026-12-23 TRADING',
      '2026-12-24 HOLIDAY',
      '2026-12-25 HOLIDAY',
      '2026-12-26 WEEKEND',
      '2026-12-27 WEEKEND',
      '2026-12-28 TRADING',
    ]);
  });
});
