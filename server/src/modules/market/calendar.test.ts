// GET /api/market/calendar: US and IDX days over a range, so a client can say "closed Thursday for
// Thanksgiving" ahead of time. "Today" is the market clock's (set here, never waited for).
import { CalendarResponse, MARKET_PATHS, MAX_CALENDAR_DAYS, successEnvelope } from '@pasar/shared/contract';
import { OPENAPI_PATH } from '../../plugins/external/swagger';
import { createTestApp, type TestApp } from '../../testing/app-fixture';

describe('the market calendar call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.market.clock.clear();
    await t.close();
  });

  const get = (query: string) => t.app.inject({ method: 'GET', url: `${MARKET_PATHS.calendar}${query}` });
  const calendar = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return successEnvelope(CalendarResponse).parse(response.json()).data;
  };

  it('answers both markets from today (the market clock) for 30 days by default', async () => {
    await t.app.market.clock.set(Date.parse('2026-11-23T10:00:00-05:00'), { frozen: true });
    const answer = await calendar('');
    expect(answer).toMatchObject({ from: '2026-11-23', to: '2026-12-23' });
    expect(answer.markets.map((m) => [m.market, m.timeZone, m.days.length])).toEqual([
      ['USSTOCK', 'America/New_York', 31],
      ['IDSS', 'Asia/Jakarta', 31],
    ]);
    const us = answer.markets[0]!.days;
    expect(us.find((d) => d.date === '2026-11-26')).toEqual({ date: '2026-11-26', status: 'HOLIDAY', holiday: 'Thanksgiving Day', sessions: [] });
    const friday = us.find((d) => d.date === '2026-11-27')!;
    expect(friday.status).toBe('EARLY_CLOSE');
    expect(friday.sessions.map((s) => `${s.kind} ${s.openLocal}-${s.closeLocal} ${s.close}`)).toEqual([
      'PRE_MARKET 04:00-09:30 2026-11-27T09:30:00-05:00',
      'REGULAR 09:30-13:00 2026-11-27T13:00:00-05:00',
      'POST_MARKET 13:00-17:00 2026-11-27T17:00:00-05:00',
    ]);
  });

  it('answers one market over a chosen range', async () => {
    const answer = await calendar('?market=IDSS&from=2026-12-24&to=2026-12-25');
    expect(answer.markets).toEqual([
      {
        market: 'IDSS',
        timeZone: 'Asia/Jakarta',
        days: [
          { date: '2026-12-24', status: 'HOLIDAY', holiday: 'Cuti bersama Natal', sessions: [] },
          { date: '2026-12-25', status: 'HOLIDAY', holiday: 'Hari Raya Natal', sessions: [] },
        ],
      },
    ]);
  });

  it(`refuses a range backwards or longer than ${MAX_CALENDAR_DAYS} days, a bad date or an unknown market`, async () => {
    for (const query of ['?from=2026-12-01&to=2026-11-01', `?from=2026-01-01&to=2027-02-06`, '?from=2026-1-1', '?market=CRYPTO', '?from=2026-02-30x', '?from=2026-02-30']) {
      const response = await get(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', error_code: '002' });
    }
    expect((await calendar(`?market=USSTOCK&from=2026-01-01&to=2027-02-05`)).markets[0]!.days).toHaveLength(MAX_CALENDAR_DAYS + 1);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(MARKET_PATHS.calendar);
  });
});
