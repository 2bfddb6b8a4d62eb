// Tax reports from what the modules really write: a paid top-up, crypto buys and sales at two tax
// rates (an instance configured with the earlier rates, 0.11% on purchases and 0.1% on sales, and
// this one at 0.21%), a transfer of Rupiah to the USD wallet and a cashout. The figures equal the
// hand-computed ones to the Rupiah; a report is generated in the background through the routes,
// kept, downloaded again as CSV and PDF (parsed back: its totals equal the CSV's), another
// person's id answers 404, and a failed generation says so and succeeds on retry.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  BankAccount,
  CRYPTO_PATHS,
  ErrorEnvelope,
  FX_WALLET_PATHS,
  PlaceOrderResponse,
  StockTransferResult,
  TAX_REPORT_PATHS,
  TaxReport,
  TaxReportList,
  WALLET_PATHS,
  successEnvelope,
  taxReportFilePath,
  taxReportPath,
  taxReportRetryPath,
  type CryptoOrder,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PasarApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { freshPin, type TestUser } from '../../testing/auth-fixture';
import { VALID_KYC_FIELDS } from '../account/test-support';
import { TEST_ENV, trader } from '../crypto/test-support';
import { verifiedUser } from '../fx-wallet/test-support';
import { pinPrice } from '../portfolio/test-support';
import { fund as topUp } from '../wallet/test-support';
import { CLASSIFICATION_RULES, UNCLASSIFIED } from './classification';
import { computeTaxFigures } from './tax-compute';
import { TAX_REPORTS_CONFIG } from './tax-config';
import { createTaxRepo } from './tax-repo';
import { periodBounds } from './tax-service';
import { csvTotals, parseCsv, pdfFigureAfter, pdfText } from './test-support';
import { SUMMARY_KEYS, TAX_TEXTS } from './tax-texts';

const SETUP_TIMEOUT_MS = 180_000;
const OLD_RATES = { ...TEST_ENV, CRYPTO_SELL_TAX_PERCENT: '0.1', CRYPTO_BUY_TAX_PERCENT: '0.11' };

interface Answer {
  readonly statusCode: number;
  readonly body: string;
  json(): unknown;
}
const dataOf = <T extends z.ZodType>(schema: T, response: Answer): z.infer<T> => {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return (successEnvelope(schema).parse(response.json()) as { data: z.infer<T> }).data;
};
const floor = (value: Decimal.Value, rate: string) => new Decimal(value).times(rate).toDecimalPlaces(0, Decimal.ROUND_DOWN);
/** A purchase's base in whole Rupiah, as its fill records it (the buyer pays the base rounded up). */
const wholeRupiah = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed();

describe('tax reports', () => {
  let t: TestApp;
  let old: PasarApp;
  let user: TestUser;
  let other: TestUser;
  let oldBuy: CryptoOrder;
  let oldSale: CryptoOrder;
  let newBuy: CryptoOrder;
  let newSale: CryptoOrder;
  let usd: z.infer<typeof StockTransferResult>;
  /** The instant the second rate begins (between the two sales). */
  let switchAt: Date;
  const year = Number(new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4));

  const order = async (app: PasarApp, url: string, payload: Record<string, string>) =>
    dataOf(PlaceOrderResponse, await app.inject({ method: 'POST', url, payload, headers: { ...user.headers, 'x-request-id': randomUUID() } })).orders[0]!;
  const get = (url: string, who: TestUser = user) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (url: string, payload?: object, requestId = randomUUID(), who: TestUser = user) =>
    t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { ...who.headers, 'x-request-id': requestId } });
  /** Lets the background runner go on until the report is no longer waiting (no timer: event-loop turns). */
  const settled = async (id: string, who: TestUser = user) => {
    for (let turn = 0; turn < 20_000; turn++) {
      const report = dataOf(TaxReport, await get(taxReportPath(id), who));
      if (report.status === 'READY' || report.status === 'FAILED') return report;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the report never finished');
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TEST_ENV } });
    old = await t.sibling(OLD_RATES);
    user = await verifiedUser(t.app, 'gss');
    const accepted = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: user.headers });
    if (accepted.statusCode !== 200) throw new Error(`terms answered ${accepted.statusCode}: ${accepted.body}`);
    other = await trader(t.app);
    await topUp(t.app, user, '20000000');

    // The earlier rates: a purchase with 0.11% VAT and a sale with 0.1% PPh.
    await pinPrice(old, 'BTC-IDR', '1500000000');
    oldBuy = await order(old, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '3000000' });
    oldSale = await order(old, CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: '0.0005' });
    const oldSaleAt = (await t.app.database.db.execute(
      // The ledger's own instant of that sale: the second rate begins just after it.
      sql`select (extract(epoch from t.created_at) * 1000)::bigint as ms from fills f join ledger_transfers t on t.id = f.transfer_id where f.order_id = ${oldSale.id}::uuid`,
    )) as unknown as { rows: { ms: string }[] };
    switchAt = new Date(Number(oldSaleAt.rows[0]!.ms) + 1);

    // Today's rate, 0.21% on sales.
    await pinPrice(t.app, 'BTC-IDR', '1600000000');
    newBuy = await order(t.app, CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1700000' });
    newSale = await order(t.app, CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: '0.0015' });
    usd = dataOf(StockTransferResult, await post(FX_WALLET_PATHS.stockTransfer, { wallet: 'paln', direction: 'TO_USD', amount: '1000000' }));
    await freshPin(t.app, user);
    const bank = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.bankAccounts,
      headers: user.headers,
      remoteAddress: user.ip,
      payload: { bankCode: '014', accountNumber: '1234567890', holderName: VALID_KYC_FIELDS.fullName },
    });
    const bankAccountId = dataOf(BankAccount, bank).id;
    const cashout = await post(WALLET_PATHS.cashout, { amount: '500000', bankAccountId });
    if (cashout.statusCode !== 200) throw new Error(`cashout answered ${cashout.statusCode}: ${cashout.body}`);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('withholds each sale at its period’s rate, as the ledger recorded it, to the Rupiah', async () => {
    // Hand-computed: a market sale fills at the best bid, 0.03% under the pinned price: 0.0005 BTC
    // at 1,499,550,000 = 749,775 and 0.0015 BTC at 1,599,520,000 = 2,399,280. The tax is rounded up
    // (§9's fee math, in the house's favour): 749.775 → 750 at 0.1%, 5,038.488 → 5,039 at 0.21%.
    expect([oldSale.filledAmount, newSale.filledAmount]).toEqual(['749775', '2399280']);
    expect([oldSale.tax, newSale.tax]).toEqual(['750', '5039']);
    // 0.11% VAT on the earlier purchase's base, none on today's.
    expect(oldBuy.tax).toBe(floor(oldBuy.filledAmount, '0.0011').toFixed());
    expect(newBuy.tax).toBe('0');

    const repo = createTaxRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED);
    const { from, until } = periodBounds({ year, month: null }, '+07:00');
    const rules = {
      ...TAX_REPORTS_CONFIG,
      cryptoSaleRates: [
        { from: '2022-05-01T00:00:00+07:00', rate: '0.001' },
        { from: switchAt.toISOString(), rate: '0.0021' },
      ],
      cryptoPurchaseVatRates: [
        { from: '2022-05-01T00:00:00+07:00', rate: '0.0011' },
        { from: switchAt.toISOString(), rate: '0' },
      ],
      usdIdr: () => new Decimal('16000'),
      usdtIdr: () => new Decimal('16100'),
    };
    const figures = computeTaxFigures(
      {
        transfers: await repo.transfers(user.userId, from, until),
        fills: await repo.fills(user.userId, until),
        splits: await repo.splits(user.userId, until),
        balancesAtEnd: await repo.balancesAt(user.userId, until),
        periodEnd: new Date(),
      },
      rules,
    );
    // The earlier purchase is listed with its VAT (rounded down, as the buyer's tax is); today's,
    // in a period without VAT, is not.
    expect(figures.withholdings.map((s) => [s.side, s.symbol, s.value, s.rate, s.withheld, s.expected, s.agrees])).toEqual([
      ['BUY', 'BTC-IDR', wholeRupiah(oldBuy.filledAmount), '0.0011', oldBuy.tax, oldBuy.tax, true],
      ['SELL', 'BTC-IDR', '749775', '0.001', '750', '750', true],
      ['SELL', 'BTC-IDR', '2399280', '0.0021', '5039', '5039', true],
    ]);
    expect(figures.summary).toMatchObject({ cryptoSales: 2, cryptoSaleValue: '3149055', cryptoTaxWithheld: '5789', cryptoVatWithheld: oldBuy.tax, mismatches: 0, idxSales: 0, costMethod: 'AVERAGE_COST' });
    const month = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 7);
    expect(figures.monthly).toEqual([{ month, product: 'CRYPTO', count: 2, value: '3149055', withheld: '5789' }]);

    // Year-end holdings at acquisition cost, by the average cost in whole Rupiah: each purchase adds
    // its total (base + fee + tax), each sale takes out its share of the cost, rounded half up.
    const takeOut = (cost: Decimal, held: Decimal, sold: string) => cost.times(sold).div(held).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    let held = new Decimal(oldBuy.filledQuantity);
    let cost = new Decimal(oldBuy.total);
    cost = cost.minus(takeOut(cost, held, '0.0005'));
    held = held.minus('0.0005').plus(newBuy.filledQuantity);
    cost = cost.plus(newBuy.total);
    cost = cost.minus(takeOut(cost, held, '0.0015'));
    held = held.minus('0.0015');
    const btc = figures.holdings.find((h) => h.asset === 'BTC');
    expect(btc).toMatchObject({ wallet: 'SPOT', quantity: held.toFixed(), cost: cost.toFixed(), costCurrency: 'IDR', valueIdr: cost.toFixed() });
    expect(cost.gt(1_000_000)).toBe(true);
    const paln = figures.holdings.find((h) => h.wallet === 'USD_PALN');
    expect(paln).toMatchObject({ asset: 'USD', quantity: new Decimal(usd.usdAmount).toFixed(), rate: '16000', valueIdr: new Decimal(usd.usdAmount).times(16000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed() });
    const cash = figures.holdings.find((h) => h.wallet === 'CASH')!;
    // 20,000,000 in; the purchases' totals out, the sales' totals in; 1,000,000 to USD; the
    // cashout's 500,000 is held, still in the balance until it is paid.
    const expectedCash = new Decimal(20_000_000).minus(oldBuy.total).minus(newBuy.total).plus(oldSale.total).plus(newSale.total).minus(1_000_000);
    expect(cash.valueIdr).toBe(expectedCash.toFixed());
    expect(figures.summary.holdingsValueIdr).toBe(figures.holdings.reduce((s, h) => s.plus(h.valueIdr), new Decimal(0)).toFixed());
    // A sale's total: value − tax − the 0.1% fee (rounded up: 750 and 2,400).
    expect([oldSale.total, newSale.total]).toEqual(['748275', '2391841']);
  });

  it('a year that spans 1 August 2025 applies each period’s rates by the default schedule: 0.11% VAT and 0.1% PPh before, 0.21% PPh after', async () => {
    // The ledger stamps the database's clock and is append-only, so no trade can be made in 2025.
    // The report's figures depend on a trade's instant only through the rate in force and its
    // month: the trades made above are read back as the report reads them, and their instants moved
    // into 2025 (the earlier-rate purchase and sale in July, today's in September) before computing.
    const repo = createTaxRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED);
    const { until } = periodBounds({ year, month: null }, '+07:00');
    const transfers = await repo.transfers(user.userId, new Date(0), until);
    const fills = await repo.fills(user.userId, until);
    const moved = new Map<string, Date>();
    const fillIdOf = async (orderId: string) => {
      const rows = (await t.app.database.db.execute(sql`select transfer_id from fills where order_id = ${orderId}::uuid`)) as unknown as { rows: { transfer_id: string }[] };
      return rows.rows[0]!.transfer_id;
    };
    const at: [CryptoOrder, string][] = [
      [oldBuy, '2025-07-10T10:00:00+07:00'],
      [oldSale, '2025-07-31T23:59:00+07:00'],
      [newBuy, '2025-08-01T00:00:00+07:00'],
      [newSale, '2025-09-15T10:00:00+07:00'],
    ];
    for (const [o, iso] of at) moved.set(await fillIdOf(o.id), new Date(iso));
    const redated = transfers.filter((tr) => moved.has(tr.id)).map((tr) => ({ ...tr, createdAt: moved.get(tr.id)! }));
    expect(redated).toHaveLength(4);
    const figures = computeTaxFigures(
      {
        transfers: redated,
        fills: fills.filter((f) => moved.has(f.transferId)).map((f) => ({ ...f, executedAt: moved.get(f.transferId)! })),
        splits: [],
        balancesAtEnd: [],
        periodEnd: new Date('2026-01-01T00:00:00+07:00'),
      },
      { ...TAX_REPORTS_CONFIG, usdIdr: () => new Decimal('16000'), usdtIdr: () => new Decimal('16100') },
    );
    // The purchase at 1 August 00:00 WIB is in the new period: no VAT, not listed.
    expect(figures.withholdings.map((w) => [w.side, w.value, w.rate, w.withheld, w.expected, w.agrees])).toEqual([
      ['BUY', wholeRupiah(oldBuy.filledAmount), '0.0011', oldBuy.tax, floor(oldBuy.filledAmount, '0.0011').toFixed(), true],
      ['SELL', '749775', '0.001', '750', '750', true],
      ['SELL', '2399280', '0.0021', '5039', '5039', true],
    ]);
    expect(figures.monthly).toEqual([
      { month: '2025-07', product: 'CRYPTO', count: 1, value: '749775', withheld: '750' },
      { month: '2025-09', product: 'CRYPTO', count: 1, value: '2399280', withheld: '5039' },
    ]);
    expect(figures.summary).toMatchObject({ cryptoSales: 2, cryptoTaxWithheld: '5789', cryptoVatWithheld: oldBuy.tax, mismatches: 0 });
  });

  describe('generated in the background through the routes', () => {
    let report: z.infer<typeof TaxReport>;
    let csv: string;
    let pdf: Buffer;

    beforeAll(async () => {
      const requestId = randomUUID();
      const first = dataOf(TaxReport, await post(TAX_REPORT_PATHS.reports, { period: 'YEAR', year }, requestId));
      const again = dataOf(TaxReport, await post(TAX_REPORT_PATHS.reports, { period: 'YEAR', year }, requestId));
      expect(again.id).toBe(first.id);
      report = await settled(first.id);
      const csvAnswer = await get(taxReportFilePath(report.id, 'csv'));
      expect(csvAnswer.statusCode).toBe(200);
      expect(csvAnswer.headers['content-type']).toMatch(/^text\/csv/);
      csv = csvAnswer.body;
      const pdfAnswer = await get(taxReportFilePath(report.id, 'pdf'));
      expect(pdfAnswer.statusCode).toBe(200);
      expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
      pdf = pdfAnswer.rawPayload;
    }, SETUP_TIMEOUT_MS);

    it('is READY with the summary; this year’s default rates flag the trades withheld at the earlier rates', () => {
      expect(report).toMatchObject({ status: 'READY', progress: 100, period: 'YEAR', year, month: null });
      // Every trade was made this year, under 0.21% on sales and no VAT on purchases: the sale withheld
      // at 0.1% and the purchase that paid 0.11% VAT differ.
      expect(report.summary).toMatchObject({ cryptoSales: 2, cryptoSaleValue: '3149055', cryptoTaxWithheld: '5789', cryptoVatWithheld: oldBuy.tax, mismatches: 2 });
    });

    it('lists the person’s reports, and another person’s id answers 404 for the report and its files', async () => {
      expect(dataOf(TaxReportList, await get(TAX_REPORT_PATHS.reports)).items.map((r) => r.id)).toContain(report.id);
      expect(dataOf(TaxReportList, await get(TAX_REPORT_PATHS.reports, other)).items).toEqual([]);
      for (const url of [taxReportPath(report.id), taxReportFilePath(report.id, 'csv'), taxReportFilePath(report.id, 'pdf')]) {
        const answer = await get(url, other);
        expect([answer.statusCode, ErrorEnvelope.parse(answer.json()).error_code]).toEqual([404, '003']);
      }
      const retry = await post(taxReportRetryPath(report.id), undefined, randomUUID(), other);
      expect(retry.statusCode).toBe(404);
      const notFailed = await post(taxReportRetryPath(report.id));
      expect([notFailed.statusCode, ErrorEnvelope.parse(notFailed.json()).error_code]).toEqual([409, '4502']);
    });

    it('refuses a period that has not begun', async () => {
      const answer = await post(TAX_REPORT_PATHS.reports, { period: 'YEAR', year: year + 1 });
      expect([answer.statusCode, ErrorEnvelope.parse(answer.json()).error_code]).toEqual([400, '4503']);
      const noMonth = await post(TAX_REPORT_PATHS.reports, { period: 'MONTH', year });
      expect(noMonth.statusCode).toBe(400);
    });

    it('keeps a CSV with each sale, the monthly totals and TOTAL lines equal to the summary', () => {
      const rows = parseCsv(csv);
      const header = rows[0]!;
      const col = (name: string) => header.indexOf(name);
      expect(rows.filter((r) => r[0] === 'PURCHASE').map((r) => [r[col('amount_idr')], r[col('tax_rate')], r[col('expected_idr')], r[col('withheld_idr')], r[col('agrees')]])).toEqual([
        [wholeRupiah(oldBuy.filledAmount), '0', '0', oldBuy.tax, 'no'],
      ]);
      const sales = rows.filter((r) => r[0] === 'SALE');
      expect(sales.map((r) => [r[col('symbol')], r[col('amount_idr')], r[col('withheld_idr')], r[col('agrees')]])).toEqual([
        ['BTC-IDR', '749775', '750', 'no'],
        ['BTC-IDR', '2399280', '5039', 'yes'],
      ]);
      const totals = csvTotals(rows);
      for (const key of SUMMARY_KEYS) expect(totals[key]).toBe(String(report.summary![key]));
      expect(rows.find((r) => r[0] === 'COST_METHOD')?.[col('symbol')]).toBe('AVERAGE_COST');
    });

    it('keeps a PDF in the person’s language with the name, the masked NIK, the period and the CSV’s totals', async () => {
      const pages = await pdfText(pdf);
      const all = pages.flat();
      const texts = TAX_TEXTS.id;
      expect(all).toEqual(expect.arrayContaining([`Nama: ${VALID_KYC_FIELDS.fullName}`, 'NIK: 3174********0001', `Periode: Tahun ${year}`]));
      expect(all.join(' ')).not.toContain(VALID_KYC_FIELDS.nik);
      const totals = csvTotals(parseCsv(csv));
      // Each figure beside its label, grouped the Indonesian way (1.234.567).
      for (const key of SUMMARY_KEYS) expect([key, pdfFigureAfter(all, texts.summary[key], 'id')]).toEqual([key, totals[key]]);
      expect(all).toContain('berbeda');
    });

    it('downloads the kept files again, the same bytes', async () => {
      expect((await get(taxReportFilePath(report.id, 'csv'))).body).toBe(csv);
      expect(Buffer.compare((await get(taxReportFilePath(report.id, 'pdf'))).rawPayload, pdf)).toBe(0);
    });
  });

  it('a report is claimed by one runner at a time; a lapsed lease lets another take it over and the first can no longer write', async () => {
    const repo = createTaxRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED);
    const job = await repo.create({ id: randomUUID(), userId: other.userId, requestId: randomUUID(), period: 'MONTH', year, month: 2, language: 'id' });
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const first = await repo.claim('runner-a', now, lease);
    expect(first?.id).toBe(job.id);
    expect(first).toMatchObject({ status: 'RUNNING', attempts: 1 });
    // Another instance at the same moment finds nothing to take.
    expect(await repo.claim('runner-b', now, lease)).toBeNull();
    // Past the lease (an instance that stopped mid-run), the next claim takes it over.
    const later = new Date(lease.getTime() + 1);
    const taken = await repo.claim('runner-b', later, new Date(later.getTime() + 60_000));
    expect(taken).toMatchObject({ id: job.id, status: 'RUNNING', attempts: 2 });
    expect(await repo.progress(job.id, 'runner-a', 50, later)).toBe(false);
    expect(await repo.finish(job.id, 'runner-a', { status: 'FAILED', failure: 'stale' })).toBe(false);
    expect(await repo.finish(job.id, 'runner-b', { status: 'READY', summary: {} })).toBe(true);
    expect((await repo.mine(other.userId, job.id))?.status).toBe('READY');
  });

  it('a generation that fails says so, its files answer 4501, and a retry makes it READY', async () => {
    // The person's folder of kept reports cannot be made (a file stands in its place).
    const blocked = path.join(t.config.account.uploadsDir, 'tax-reports', other.userId);
    await fs.mkdir(path.dirname(blocked), { recursive: true });
    await fs.writeFile(blocked, 'not a folder');
    const queued = dataOf(TaxReport, await post(TAX_REPORT_PATHS.reports, { period: 'MONTH', year, month: 1 }, randomUUID(), other));
    const failed = await settled(queued.id, other);
    expect(failed.status).toBe('FAILED');
    expect(failed.summary).toBeNull();
    const early = await get(taxReportFilePath(queued.id, 'pdf'), other);
    expect([early.statusCode, ErrorEnvelope.parse(early.json()).error_code]).toEqual([409, '4501']);

    await fs.rm(blocked);
    const retried = dataOf(TaxReport, await post(taxReportRetryPath(queued.id), undefined, randomUUID(), other));
    expect(['QUEUED', 'RUNNING', 'READY']).toContain(retried.status);
    const ready = await settled(queued.id, other);
    expect(ready).toMatchObject({ status: 'READY', progress: 100, month: 1 });
    expect(ready.summary).toMatchObject({ cryptoSales: 0, cryptoTaxWithheld: '0' });
    expect((await get(taxReportFilePath(queued.id, 'csv'), other)).statusCode).toBe(200);
  });
});
