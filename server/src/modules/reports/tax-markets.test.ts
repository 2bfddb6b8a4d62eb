// Tax reports over the US, IDX and perps markets, from what their modules really write: US stock
// buys at two prices and a sale (the realized gain by the portfolio's average cost), a dividend
// with its tax withheld (the corporate-actions job), a 2x position that pays a day's financing and
// is closed (its P&L); IDX buys and two sales (the 0.1 % final tax per sale and per month); a perp
// long opened and closed at a profit that pays one funding. The figures equal numbers worked out
// from the orders and the ledger, and the report generated through the routes keeps a CSV whose
// TOTAL lines equal the PDF's summary.
import { randomUUID } from 'node:crypto';
import {
  IDX_PATHS,
  TAX_REPORT_PATHS,
  TaxReport,
  US_LEVERAGE_PATHS,
  US_STOCK_PATHS,
  UsLeverageOrderResult,
  taxReportFilePath,
  taxReportPath,
  type CorporateAction,
  type Order,
  type PerpOrder,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import type { TestUser } from '../../testing/auth-fixture';
import { nyseCalendar } from '../../market/calendar';
import { expectAuditClean, fund } from '../fx-wallet/test-support';
import { ordersOf as idxOrdersOf, orderTypes, stockIdOf, wib } from '../idx/test-support';
import { idrCashOf } from '../idx/rules';
import { perpsOf } from '../perps';
import { perpAccount } from '../perps/rules';
import { applyCorporateActions } from '../us-stock/corporate-actions';
import { walletAccount } from '../us-stock/leverage';
import { createUsStockRepo } from '../us-stock/repo';
import { sharesOf } from '../us-stock/rules';
import { LEVERAGE_ENV, NY, SETUP_TIMEOUT_MS, call, dataOf, holdSweepLease, ordersOf as usOrdersOf, setClock, stockId, sweepOn, usTrader } from '../us-stock/test-support';
import { CLASSIFICATION_RULES, UNCLASSIFIED } from './classification';
import { computeTaxFigures, type TaxFigures } from './tax-compute';
import { TAX_REPORTS_CONFIG } from './tax-config';
import { createTaxRepo } from './tax-repo';
import { periodBounds } from './tax-service';
import { csvTotals, parseCsv, pdfFigureAfter, pdfText, unguarded } from './test-support';
import { SUMMARY_KEYS, TAX_TEXTS } from './tax-texts';

const ENV = { ...LEVERAGE_ENV, IDX_SETTLEMENT_JOB_MINUTES: '1440', MARGIN_WATCH_INTERVAL_MS: '0' };
const USD_IDR = '16000';
const USDT_IDR = '16100';
const PERP = 'BTCUSDT-PERP';
const DAY_MS = 86_400_000;
const REAL_NOW = Date.now();
const nyDay = (days: number) => nyseCalendar.localDate(REAL_NOW + days * DAY_MS);
const toIdr = (amount: Decimal.Value, rate: string) => new Decimal(amount).times(rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
const sum = (values: readonly Decimal.Value[]) => values.reduce<Decimal>((s, v) => s.plus(v), new Decimal(0));

describe('tax reports over US stocks, IDX and perps', () => {
  let t: TestApp;
  let user: TestUser;
  let figures: TaxFigures;
  const year = Number(new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4));
  const us: { buys: Order[]; sale?: Order; dividend?: { net: string; tax: string }; financing?: string; leveragedPnl?: string } = { buys: [] };
  const idx: { sales: Order[] } = { sales: [] };
  const perp: { open?: PerpOrder; close?: PerpOrder; funding?: Decimal } = {};

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    expect(await holdSweepLease(t.app)).toBe(true);
    user = await usTrader(t.app, { usd: '5000' });
    await fund(t.app, walletAccount(user.userId, 'leverage'), '2000');
    await fund(t.app, idrCashOf(user.userId), '50000000');
    await fund(t.app, perpAccount(user.userId), '1000', 'FX');

    // US stocks, regular hours: 2 AAPL at 200, 1 at 230, then 1.5 sold at 250.
    await setClock(t.app, NY.regular);
    const aapl = stockId(t.app, 'AAPL');
    for (const [price, quantity] of [['200.00', '2'], ['230.00', '1']] as const) {
      t.app.market.steer('AAPL', { price });
      us.buys.push(usOrdersOf(await call(t.app, user, 'POST', US_STOCK_PATHS.buy, { stockId: aapl, quantity, orderType: 'MARKET' }))[0]!);
    }
    t.app.market.steer('AAPL', { price: '250.00' });
    us.sale = usOrdersOf(await call(t.app, user, 'POST', US_STOCK_PATHS.sell, { stockId: aapl, quantity: '1.5', orderType: 'MARKET' }))[0]!;

    // A 2x position over a close pays one day's financing, then is sold.
    t.app.market.steer('AAPL', { price: '200.00' });
    const opened = dataOf(UsLeverageOrderResult, await call(t.app, user, 'POST', US_LEVERAGE_PATHS.buy, { stockId: aapl, orderType: 'MARKET', leverage: 2, quantity: '4' }));
    await setClock(t.app, Date.parse('2026-12-03T15:00:00Z'));
    await sweepOn(t.app);
    t.app.market.steer('AAPL', { price: '210.00' });
    const before = new Decimal((await t.app.ledger.balance(walletAccount(user.userId, 'leverage'))).balance);
    const closed = dataOf(UsLeverageOrderResult, await call(t.app, user, 'POST', US_LEVERAGE_PATHS.sell, { stockId: aapl, orderType: 'MARKET', leverage: 2, quantity: '4' }));
    const after = new Decimal((await t.app.ledger.balance(walletAccount(user.userId, 'leverage'))).balance);
    us.leveragedPnl = after.minus(before).toFixed();
    us.financing = new Decimal(closed.position.financing).toFixed();
    expect(closed.position.id).toBe(opened.position.id);

    // A dividend on KO shares held since before its ex-date: 10 × 0.26 = 2.60, 15 % withheld (declared).
    await fund(t.app, sharesOf(user.userId, 'KO'), '10', 'INVENTORY');
    const usRepo = createUsStockRepo(t.app.database.db);
    await usRepo.addHolder(user.userId, 'KO', new Date(REAL_NOW - 26 * DAY_MS));
    const dividend: CorporateAction = { id: 'KO-TAX-DIV', type: 'DIVIDEND', symbol: 'KO', exDate: nyDay(2), recordDate: null, payDate: nyDay(16), amount: '0.26', ratio: null, status: 'COMPLETED' };
    const paid = await applyCorporateActions({
      ledger: t.app.ledger,
      repo: usRepo,
      actions: (symbol) => (symbol === 'KO' ? [dividend] : []),
      settings: t.app.config.usStock,
      gssStatus: (userId) => t.app.identity.gssKycStatus(userId),
      now: () => Date.parse(`${nyDay(20)}T15:00:00Z`),
    });
    expect(paid.dividends).toBe(1);
    us.dividend = { net: '2.21', tax: '0.39' };

    // IDX, session II: 5 lots of BBCA, then 2 lots and 1 lot sold.
    await setClock(t.app, wib('2026-11-30', '14:00:00'));
    const bbca = stockIdOf(t.app, 'BBCA');
    const price = Number((await orderTypes(t.app, user, bbca)).band.previousClose);
    t.app.market.steer('BBCA', { price: String(price) });
    idxOrdersOf(await call(t.app, user, 'POST', IDX_PATHS.buy, { stockId: bbca, quantity: '500', orderType: 'MARKET' }));
    for (const quantity of ['200', '100']) idx.sales.push(idxOrdersOf(await call(t.app, user, 'POST', IDX_PATHS.sell, { stockId: bbca, quantity, orderType: 'MARKET' }))[0]!);

    // Perps: 0.1 BTC long at 20,000, a funding at 16:00 UTC, closed at 21,000.
    await t.app.market.clock.set(Date.parse('2026-11-23T15:00:00Z'), { frozen: true });
    t.app.market.steer(PERP, { price: '20000', since: Date.parse('2026-11-23T15:00:00Z') });
    const perps = perpsOf(t.app).service;
    perp.open = (await perps.place(user.userId, randomUUID(), 'BUY', { symbol: PERP, orderType: 'MARKET', quantity: '0.1', reduceOnly: false, leverage: 10 }, 'en')).order;
    await t.app.market.clock.set(Date.parse('2026-11-23T16:00:30Z'), { frozen: true });
    const margin = async () => new Decimal((await t.app.ledger.balance(perpAccount(user.userId))).balance);
    const beforeFunding = await margin();
    expect((await perpsOf(t.app).watcher.fund()).applied).toBe(1);
    perp.funding = (await margin()).minus(beforeFunding);
    t.app.market.steer(PERP, { price: '21000' });
    perp.close = (await perps.place(user.userId, randomUUID(), 'SELL', { symbol: PERP, orderType: 'MARKET', quantity: '0.1', reduceOnly: true, leverage: 10 }, 'en')).order;
    await expectAuditClean(t.app);

    const repo = createTaxRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED);
    const { from, until } = periodBounds({ year, month: null }, '+07:00');
    figures = computeTaxFigures(
      {
        transfers: await repo.transfers(user.userId, from, until),
        fills: await repo.fills(user.userId, until),
        splits: await repo.splits(user.userId, until),
        balancesAtEnd: await repo.balancesAt(user.userId, until),
        periodEnd: new Date(),
      },
      { ...TAX_REPORTS_CONFIG, usdIdr: () => new Decimal(USD_IDR), usdtIdr: () => new Decimal(USDT_IDR) },
    );
  }, SETUP_TIMEOUT_MS * 2);
  afterAll(() => t.close());

  const rows = (section: string) => figures.foreign.filter((f) => f.section === section);

  it('US: a sale’s realized gain by the average cost, in USD and in IDR at the rate shown', () => {
    const [first, second] = us.buys;
    // The average cost of the 3 shares is both buys' totals; the 1.5 sold take half of it (to the cent, half up).
    const cost = new Decimal(first!.total).plus(second!.total);
    const takenOut = cost.times('1.5').div(3).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const gain = new Decimal(us.sale!.total).minus(takenOut);
    expect(gain.gt(0)).toBe(true);
    const realized = rows('US_REALIZED');
    expect(realized[0]).toMatchObject({ symbol: 'AAPL', currency: 'USD', quantity: '1.5', amount: gain.toFixed(), rate: USD_IDR, amountIdr: toIdr(gain, USD_IDR).toFixed() });
  });

  it('US: a leveraged close’s P&L, the dividend with its tax withheld, and the financing charge', () => {
    const realized = rows('US_REALIZED');
    expect(realized).toHaveLength(2);
    // What the close paid into the leverage wallet is the P&L net of its charges, as a sale's gain is
    // net of its fee (the margin was a hold, not a transfer). The margin engine's fill transfer names
    // the stock, so the row does.
    expect(realized[1]).toMatchObject({ symbol: 'AAPL', amount: us.leveragedPnl, amountIdr: toIdr(us.leveragedPnl!, USD_IDR).toFixed() });
    expect(new Decimal(us.leveragedPnl!).gt(0)).toBe(true);
    expect(rows('US_DIVIDEND').map((r) => [r.symbol, r.amount])).toEqual([['KO', '2.6']]);
    expect(rows('US_DIVIDEND_TAX').map((r) => [r.symbol, r.amount, r.amountIdr])).toEqual([['KO', us.dividend!.tax, toIdr(us.dividend!.tax, USD_IDR).toFixed()]]);
    expect(new Decimal(us.financing!).gt(0)).toBe(true);
    expect(rows('US_FINANCING').map((r) => [r.symbol, r.amount])).toEqual([['AAPL', us.financing]]);
    expect(figures.summary).toMatchObject({
      costMethod: 'AVERAGE_COST',
      usRealizedIdr: sum(realized.map((r) => toIdr(r.amount, USD_IDR))).toFixed(),
      usDividendsIdr: toIdr('2.6', USD_IDR).toFixed(),
      usDividendTaxIdr: toIdr('0.39', USD_IDR).toFixed(),
      usFinancingIdr: toIdr(us.financing!, USD_IDR).toFixed(),
    });
  });

  it('IDX: the 0.1 % final tax on each sale, rounded up, and per month', () => {
    const sales = figures.withholdings.filter((s) => s.product === 'IDX');
    expect(sales.map((s) => [s.symbol, s.quantity, s.value, s.rate, s.withheld, s.agrees])).toEqual(
      idx.sales.map((o) => ['BBCA', o.filledQuantity, o.filledAmount, '0.001', new Decimal(o.filledAmount).times('0.001').toDecimalPlaces(0, Decimal.ROUND_UP).toFixed(), true]),
    );
    expect(idx.sales.map((s) => s.tax)).toEqual(sales.map((s) => s.withheld));
    const value = sum(idx.sales.map((o) => o.filledAmount)).toFixed();
    const withheld = sum(idx.sales.map((o) => o.tax)).toFixed();
    const month = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);
    expect(figures.monthly.filter((m) => m.product === 'IDX')).toEqual([{ month, product: 'IDX', count: 2, value, withheld }]);
    expect(figures.summary).toMatchObject({ idxSales: 2, idxSaleValue: value, idxTaxWithheld: withheld, mismatches: 0, cryptoSales: 0 });
  });

  it('perps: the realized P&L of the close, the fees of both fills and the funding, in USDT and IDR', () => {
    // 0.1 × (exit − entry), the exit and entry being the fills' average prices.
    const pnl = new Decimal(perp.close!.averagePrice!).minus(perp.open!.averagePrice!).times('0.1');
    expect(rows('PERPS_REALIZED').map((r) => [r.symbol, r.amount, r.amountIdr])).toEqual([[PERP, pnl.toFixed(), toIdr(pnl, USDT_IDR).toFixed()]]);
    const fees = [perp.open!.fee, perp.close!.fee].map((f) => new Decimal(f).toFixed());
    expect(rows('PERPS_FEE').map((r) => r.amount)).toEqual(fees);
    expect(perp.funding!.isZero()).toBe(false);
    expect(rows('PERPS_FUNDING').map((r) => [r.symbol, r.amount])).toEqual([[PERP, perp.funding!.toFixed()]]);
    expect(figures.summary).toMatchObject({
      perpsRealizedIdr: toIdr(pnl, USDT_IDR).toFixed(),
      perpsFeesIdr: sum(fees.map((f) => toIdr(f, USDT_IDR))).toFixed(),
      perpsFundingIdr: toIdr(perp.funding!, USDT_IDR).toFixed(),
    });
  });

  it('the report generated through the routes keeps a CSV whose totals equal the PDF’s, in the person’s language', async () => {
    const headers = { ...user.headers, 'x-request-id': randomUUID() };
    const queued = dataOf(TaxReport, await t.app.inject({ method: 'POST', url: TAX_REPORT_PATHS.reports, payload: { period: 'YEAR', year }, headers }));
    let report = queued;
    for (let turn = 0; turn < 20_000 && report.status !== 'READY' && report.status !== 'FAILED'; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      report = dataOf(TaxReport, await t.app.inject({ method: 'GET', url: taxReportPath(queued.id), headers: user.headers }));
    }
    expect(report.status).toBe('READY');
    const csv = parseCsv((await t.app.inject({ method: 'GET', url: taxReportFilePath(report.id, 'csv'), headers: user.headers })).body);
    const totals = csvTotals(csv);
    expect(Number(totals.idxSales)).toBe(2);
    expect(new Decimal(totals.usRealizedIdr!).isZero()).toBe(false);
    expect(new Decimal(totals.perpsFundingIdr!).isZero()).toBe(false);
    for (const key of SUMMARY_KEYS) expect([key, totals[key]]).toEqual([key, String(report.summary![key])]);
    // Each section's lines add up to its TOTAL line.
    const header = csv[0]!;
    const idrOf = (section: string) => sum(csv.filter((r) => r[0] === section).map((r) => unguarded(r[header.indexOf('amount_idr')]!))).toFixed();
    expect([idrOf('US_REALIZED'), idrOf('US_DIVIDEND'), idrOf('US_FINANCING'), idrOf('PERPS_REALIZED'), idrOf('PERPS_FEE'), idrOf('PERPS_FUNDING')]).toEqual([
      totals.usRealizedIdr, totals.usDividendsIdr, totals.usFinancingIdr, totals.perpsRealizedIdr, totals.perpsFeesIdr, totals.perpsFundingIdr,
    ]);
    const pdf = (await t.app.inject({ method: 'GET', url: taxReportFilePath(report.id, 'pdf'), headers: user.headers })).rawPayload;
    const items = (await pdfText(pdf)).flat();
    for (const key of SUMMARY_KEYS) expect([key, pdfFigureAfter(items, TAX_TEXTS.id.summary[key], 'id')]).toEqual([key, totals[key]]);
  });
});
