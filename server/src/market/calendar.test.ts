import { idxCalendar, nyseCalendar } from './calendar';
import { nyseYear } from './calendar/nyse';

const at = (iso: string) => Date.parse(iso);

describe('NYSE calendar', () => {
  it('knows the holidays and observed days of the rules', () => {
    expect(nyseYear(2026).holidays.get('2026-07-03')).toBe('Independence Day');
    expect(nyseYear(2026).holidays.get('2026-04-03')).toBe('Good Friday');
    expect(nyseYear(2022).holidays.get('2022-06-20')).toBe('Juneteenth National Independence Day');
    expect(nyseYear(2021).holidays.has('2021-06-18')).toBe(false); // Juneteenth only from 2022
    expect(nyseYear(2021).holidays.get('2021-12-24')).toBe('Christmas Day');
    expect(nyseYear(2021).holidays.has('2021-12-31')).toBe(false); // New Year on Saturday: no Friday close
    expect([...nyseYear(2026).earlyCloses].sort()).toEqual(['2026-11-27', '2026-12-24']);
    expect([...nyseYear(2025).earlyCloses].sort()).toEqual(['2025-07-03', '2025-11-28', '2025-12-24']);
  });

  it('is closed all day on a holiday (Thanksgiving 2026) and open the next morning with an early close', () => {
    expect(nyseCalendar.isTradingDay('2026-11-26')).toBe(false);
    expect(nyseCalendar.sessions('2026-11-26')).toEqual([]);
    expect(nyseCalendar.state(at('2026-11-26T15:00:00Z'))).toBe('CLOSED');
    const friday = nyseCalendar.sessions('2026-11-27');
    expect(friday.find((s) => s.kind === 'REGULAR')?.close).toBe(at('2026-11-27T18:00:00Z')); // 13:00 EST
    expect(nyseCalendar.state(at('2026-11-27T18:30:00Z'))).toBe('POST_MARKET');
    expect(nyseCalendar.nextChange(at('2026-11-26T15:00:00Z'))).toEqual({ at: at('2026-11-27T09:00:00Z'), state: 'PRE_MARKET' });
  });

  it('opens pre-market at 04:00 New York time on both sides of a DST change', () => {
    // Monday after the spring change (EDT, UTC-4) and after the autumn change (EST, UTC-5).
    expect(nyseCalendar.sessions('2026-03-09')[0]).toMatchObject({ kind: 'PRE_MARKET', open: at('2026-03-09T08:00:00Z') });
    expect(nyseCalendar.sessions('2026-11-02')[0]).toMatchObject({ kind: 'PRE_MARKET', open: at('2026-11-02T09:00:00Z') });
    expect(nyseCalendar.state(at('2026-03-09T08:30:00Z'))).toBe('PRE_MARKET');
    expect(nyseCalendar.state(at('2026-11-02T08:30:00Z'))).toBe('CLOSED');
    expect(nyseCalendar.state(at('2026-11-02T09:30:00Z'))).toBe('PRE_MARKET');
    expect(nyseCalendar.state(at('2026-11-02T14:30:00Z'))).toBe('OPEN');
  });
});

describe('IDX calendar', () => {
  it('runs the Friday schedule: session I to 11:30, session II from 14:00 (Jakarta, UTC+7)', () => {
    const s = idxCalendar.sessions('2026-11-20'); // a Friday
    const s1 = s.find((x) => x.kind === 'SESSION_1')!;
    const s2 = s.find((x) => x.kind === 'SESSION_2')!;
    expect([s1.open, s1.close, s2.open, s2.close]).toEqual([
      at('2026-11-20T02:00:00Z'),
      at('2026-11-20T04:30:00Z'),
      at('2026-11-20T07:00:00Z'),
      at('2026-11-20T08:50:00Z'),
    ]);
    expect(idxCalendar.state(at('2026-11-20T05:00:00Z'))).toBe('BREAK');
    expect(idxCalendar.state(at('2026-11-20T06:45:00Z'))).toBe('BREAK');
    expect(idxCalendar.nextChange(at('2026-11-20T05:00:00Z'))).toEqual({ at: at('2026-11-20T07:00:00Z'), state: 'OPEN' });
  });

  it('runs Monday to Thursday with session II from 13:30 and closes on exchange holidays', () => {
    const s = idxCalendar.sessions('2026-11-19');
    expect(s.find((x) => x.kind === 'SESSION_1')!.close).toBe(at('2026-11-19T05:00:00Z'));
    expect(s.find((x) => x.kind === 'SESSION_2')!.open).toBe(at('2026-11-19T06:30:00Z'));
    expect(idxCalendar.isTradingDay('2026-08-17')).toBe(false);
    expect(idxCalendar.holidayName('2026-12-25')).toBe('Hari Raya Natal');
    expect(idxCalendar.isTradingDay('2026-11-21')).toBe(false); // Saturday
    expect(idxCalendar.nextTradingDay('2026-12-24')).toBe('2026-12-28');
  });
});
