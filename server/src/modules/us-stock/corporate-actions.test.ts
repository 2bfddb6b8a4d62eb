// Corporate actions applied to US holdings through the ledger: a dividend with and without the
// US-stock declaration (15 % / 30 % withheld), a split (quantity × ratio), and a second run that
// changes nothing. The feed is handed to the job; holdings are put in place through the ledger.
// Entitlement reads the ledger at the ex-date's start, and the ledger stamps entries with the real
// time, so every date here is counted from the real today (fixed dates would expire with time).
import type { CorporateAction } from '@pasar/shared/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { SETUP_TIMEOUT_MS, balanceOf, expectAuditClean, fund, paln, verifiedUser } from '../fx-wallet/test-support';
import { applyCorporateActions, splitFactor, type CorporateActionsDeps } from './corporate-actions';
import { createUsStockRepo } from './repo';
import { nyseCalendar } from '../../market/calendar';
import { sharesOf } from './rules';

const DAY_MS = 86_400_000;
const REAL_NOW = Date.now();
/** The New York date `days` after the real today. */
const day = (days: number) => nyseCalendar.localDate(REAL_NOW + days * DAY_MS);
/** A job time: 15:00 UTC (New York morning) on the date `days` after the real today. */
const at = (days: number) => Date.parse(`${day(days)}T15:00:00Z`);

const action = (over: Partial<CorporateAction> & Pick<CorporateAction, 'id' | 'type' | 'symbol'>): CorporateAction => ({
  exDate: day(2),
  recordDate: null,
  payDate: null,
  amount: null,
  ratio: null,
  status: 'COMPLETED',
  ...over,
});

describe('US corporate actions', () => {
  let t: TestApp;
  let feed: CorporateAction[] = [];
  let now = at(20);
  let deps: CorporateActionsDeps;

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    deps = {
      ledger: t.app.ledger,
      repo: createUsStockRepo(t.app.database.db),
      actions: (symbol) => feed.filter((a) => a.symbol === symbol),
      settings: t.app.config.usStock,
      gssStatus: (userId) => t.app.identity.gssKycStatus(userId),
      now: () => now,
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => t.close());

  /** A holder of `quantity` shares since before the ex-dates. */
  async function holder(level: 'kyc' | 'gss', symbol: string, quantity: string) {
    const user = await verifiedUser(t.app, level);
    await fund(t.app, sharesOf(user.userId, symbol), quantity, 'INVENTORY');
    await deps.repo.addHolder(user.userId, symbol, new Date(REAL_NOW - 26 * DAY_MS));
    return user;
  }

  it('reads split ratios', () => {
    expect(splitFactor('4:1').toFixed()).toBe('4');
    expect(splitFactor('3:2').toFixed()).toBe('1.5');
  });

  it('pays a dividend net of 15 % with the declaration and 30 % without, once', async () => {
    const declared = await holder('gss', 'KO', '10');
    const undeclared = await holder('kyc', 'KO', '10');
    // A holder since after the ex-date is not entitled.
    const late = await verifiedUser(t.app, 'gss');
    await fund(t.app, sharesOf(late.userId, 'KO'), '5', 'INVENTORY');
    await deps.repo.addHolder(late.userId, 'KO', new Date(at(5)));
    feed = [
      action({ id: 'KO-DIV-1', type: 'DIVIDEND', symbol: 'KO', exDate: day(2), payDate: day(16), amount: '0.26' }),
      // Not paid yet: its pay date is after the job's today.
      action({ id: 'KO-DIV-2', type: 'DIVIDEND', symbol: 'KO', exDate: day(15), payDate: day(33), amount: '0.26' }),
    ];

    const first = await applyCorporateActions(deps);
    expect(first).toEqual({ dividends: 2, splits: 0 });
    // 10 × 0.26 = 2.60 gross: 0.39 withheld with the declaration, 0.78 without.
    expect((await balanceOf(t.app, paln(declared.userId))).toFixed()).toBe('2.21');
    expect((await balanceOf(t.app, paln(undeclared.userId))).toFixed()).toBe('1.82');
    expect((await balanceOf(t.app, paln(late.userId))).toFixed()).toBe('0');
    const tax = await t.app.ledger.transferByKey(`us-dividend:KO-DIV-1:${undeclared.userId}`);
    expect(tax?.memo).toMatchObject({ gross: '2.6', withholding: '0.78', withholdingRate: '0.3', quantity: '10' });

    // A second run (and the same run on another instance) changes nothing.
    expect(await applyCorporateActions(deps)).toEqual({ dividends: 0, splits: 0 });
    expect((await balanceOf(t.app, paln(declared.userId))).toFixed()).toBe('2.21');
    expect((await balanceOf(t.app, paln(undeclared.userId))).toFixed()).toBe('1.82');
    const rows = await t.app.database.db.execute(sql`select count(*)::int as n from us_stock_corporate_actions where symbol = 'KO'`);
    // One row per entitled holder (the late holder is not concerned by this ex-date).
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);

    // Once its pay date comes, the second dividend is paid too.
    now = at(34);
    expect(await applyCorporateActions(deps)).toEqual({ dividends: 3, splits: 0 });
    expect((await balanceOf(t.app, paln(declared.userId))).toFixed()).toBe('4.42');
    expect((await balanceOf(t.app, paln(late.userId))).toFixed()).toBe('1.1');
    await expectAuditClean(t.app);
  });

  it('multiplies the quantity of a split, once', async () => {
    const user = await holder('gss', 'NVDA', '2.5');
    feed = [action({ id: 'NVDA-SPLIT-1', type: 'SPLIT', symbol: 'NVDA', exDate: day(2), ratio: '4:1' })];
    expect(await applyCorporateActions(deps)).toEqual({ dividends: 0, splits: 1 });
    expect((await balanceOf(t.app, sharesOf(user.userId, 'NVDA'))).toFixed()).toBe('10');
    expect(await applyCorporateActions(deps)).toEqual({ dividends: 0, splits: 0 });
    expect((await balanceOf(t.app, sharesOf(user.userId, 'NVDA'))).toFixed()).toBe('10');
    const applied = await deps.repo.appliedOf(user.userId, 'NVDA');
    expect(applied.map((r) => [r.type, r.entitledQuantity, r.sharesAdded, r.ratio])).toEqual([['SPLIT', '2.5', '7.5', '4:1']]);
    await expectAuditClean(t.app);
  });
});
