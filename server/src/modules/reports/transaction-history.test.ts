// The transaction history read from what the modules really write: a top-up paid through the
// wallet routes, a crypto buy and sell through the order routes (fee, and the sale's tax), and a
// transfer of Rupiah to the USD wallet. Each becomes one row with the person's amounts, every
// filter narrows it, pages stay stable while rows arrive, the CSV guards formulas and another
// person's id answers 404.
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_PATHS,
  CRYPTO_PATHS,
  Cashout,
  ErrorEnvelope,
  FX_WALLET_PATHS,
  PlaceOrderResponse,
  REPORT_PATHS,
  StockTransferResult,
  TransactionDetail,
  TransactionFiltersResponse,
  TransactionHistoryResponse,
  WALLET_PATHS,
  cashoutCancelPath,
  successEnvelope,
  topupSimulatePath,
  transactionPath,
  type CryptoOrder,
  type TopUp,
  type TransactionRow,
} from '@pasar/shared/contract';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { freshPin, type TestUser } from '../../testing/auth-fixture';
import { TEST_ENV, trader } from '../crypto/test-support';
import { verifiedUser } from '../fx-wallet/test-support';
import { pinPrice } from '../portfolio/test-support';
import { addBankAccount, createTopUp, fund as topUp, topUpOf, verifiedUser as walletUser } from '../wallet/test-support';
import { CLASSIFICATION_RULES, UNCLASSIFIED } from './classification';
import { REPORTS_CONFIG } from './config';
import { createWalletRepo } from '../wallet/repo';
import { createReportsRepo } from './repo';
import { createReportsService, type UnfinishedPayments } from './service';

const SETUP_TIMEOUT_MS = 120_000;
const WIB_MS = 7 * 60 * 60 * 1000;
/** The WIB calendar day of an instant, shifted by `days`. */
const wibDay = (iso: string, days = 0): string => new Date(Date.parse(iso) + WIB_MS + days * 86_400_000).toISOString().slice(0, 10);

interface Answer {
  readonly statusCode: number;
  readonly body: string;
  json(): unknown;
}
const dataOf = <T extends z.ZodType>(schema: T, response: Answer): z.infer<T> => {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return (successEnvelope(schema).parse(response.json()) as { data: z.infer<T> }).data;
};

describe('the transaction history', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let buy: CryptoOrder;
  let sell: CryptoOrder;
  let usd: z.infer<typeof StockTransferResult>;
  let paid: TopUp;

  const get = (url: string, who: TestUser = user) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const list = async (query: Record<string, string> = {}, who: TestUser = user) =>
    dataOf(TransactionHistoryResponse, await get(`${REPORT_PATHS.transactions}?${new URLSearchParams(query).toString()}`, who));
  const post = async (url: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...user.headers, 'x-request-id': randomUUID() } });
  /** A movement straight through the ledger, as any module posts one. */
  const move = (to: TestUser, memo: Record<string, unknown> = {}, amount = '1000') =>
    t.app.ledger.transfer({
      key: `reports-test:${randomUUID()}`,
      kind: 'TOPUP',
      legs: [{ from: { house: 'PAYMENT_CLEARING', currency: 'IDR' }, to: { userId: to.userId, currency: 'IDR', purpose: 'CASH' }, amount }],
      memo,
    });

  /** The wallet's unfinished top-ups and cashouts, as the module offers them under /api (`app.wallet`). */
  const walletPayments = (): UnfinishedPayments => ({
    unfinishedPayments: (userId, query) => createWalletRepo(t.app.database.db).unfinishedPayments(userId, query, new Date()),
  });

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TEST_ENV } });
    user = await verifiedUser(t.app, 'gss');
    const accepted = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.bappebtiTnc, headers: user.headers });
    if (accepted.statusCode !== 200) throw new Error(`terms answered ${accepted.statusCode}: ${accepted.body}`);
    other = await trader(t.app);
    paid = await topUp(t.app, user, '5000000');
    await pinPrice(t.app, 'BTC-IDR', '1500000000');
    buy = dataOf(PlaceOrderResponse, await post(CRYPTO_PATHS.buy, { symbol: 'BTC-IDR', amount: '1000000' })).orders[0]!;
    await pinPrice(t.app, 'BTC-IDR', '1600000000');
    sell = dataOf(PlaceOrderResponse, await post(CRYPTO_PATHS.sell, { symbol: 'BTC-IDR', quantity: buy.filledQuantity })).orders[0]!;
    usd = dataOf(StockTransferResult, await post(FX_WALLET_PATHS.stockTransfer, { wallet: 'paln', direction: 'TO_USD', amount: '100000' }));
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('lists the top-up, the buy, the sale and the transfer to USD, newest first, with the person’s amounts, fees and taxes', async () => {
    const page = await list();
    expect(page.pageSize).toBe(30);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((r) => [r.product, r.type, r.status, r.symbol])).toEqual([
      ['WALLET', 'TRANSFER', 'COMPLETED', null],
      ['CRYPTO', 'SELL', 'COMPLETED', 'BTC-IDR'],
      ['CRYPTO', 'BUY', 'COMPLETED', 'BTC-IDR'],
      ['WALLET', 'TOPUP', 'COMPLETED', null],
    ]);
    const [fx, sold, bought, topup] = page.items as [TransactionRow, TransactionRow, TransactionRow, TransactionRow];
    expect(topup.amounts).toEqual([{ currency: 'IDR', wallet: 'CASH', amount: '5000000' }]);
    // The channel's fee the person paid the gateway on top of the amount.
    expect(topup.fees).toEqual([{ currency: 'IDR', amount: paid.fee }]);
    expect(new Decimal(paid.fee).gt(0)).toBe(true);

    expect(bought.amounts).toEqual(
      expect.arrayContaining([
        { currency: 'IDR', wallet: 'CASH', amount: `-${buy.total}` },
        { currency: 'BTC', wallet: 'SPOT', amount: new Decimal(buy.filledQuantity).toFixed() },
      ]),
    );
    expect(bought.amounts).toHaveLength(2);
    expect(bought.fees).toEqual([{ currency: 'IDR', amount: buy.fee }]);
    expect(new Decimal(buy.fee).gt(0)).toBe(true);

    expect(sold.amounts).toEqual(
      expect.arrayContaining([
        { currency: 'IDR', wallet: 'CASH', amount: new Decimal(sell.total).toFixed() },
        { currency: 'BTC', wallet: 'SPOT', amount: `-${new Decimal(sell.filledQuantity).toFixed()}` },
      ]),
    );
    expect(sold.fees).toEqual([{ currency: 'IDR', amount: sell.fee }]);
    expect(sold.taxes).toEqual([{ currency: 'IDR', amount: sell.tax }]);
    expect(new Decimal(sell.tax).gt(0)).toBe(true);

    expect(fx.kind).toBe('FX');
    expect(fx.amounts).toEqual(
      expect.arrayContaining([
        { currency: 'IDR', wallet: 'CASH', amount: '-100000' },
        { currency: 'USD', wallet: 'USD_PALN', amount: new Decimal(usd.usdAmount).toFixed() },
      ]),
    );
  });

  it('narrows by product, type, status, WIB date range and symbol', async () => {
    const types = async (query: Record<string, string>) => (await list(query)).items.map((r) => `${r.product}/${r.type}`);
    expect(await types({ product: 'CRYPTO' })).toEqual(['CRYPTO/SELL', 'CRYPTO/BUY']);
    expect(await types({ product: 'WALLET' })).toEqual(['WALLET/TRANSFER', 'WALLET/TOPUP']);
    expect(await types({ product: 'PERPS' })).toEqual([]);
    expect(await types({ type: 'SELL' })).toEqual(['CRYPTO/SELL']);
    expect(await types({ type: 'TOPUP' })).toEqual(['WALLET/TOPUP']);
    expect(await types({ product: 'WALLET', type: 'BUY' })).toEqual([]);
    expect(await types({ status: 'COMPLETED' })).toHaveLength(4);
    expect(await types({ symbol: 'btc' })).toEqual(['CRYPTO/SELL', 'CRYPTO/BUY']);
    expect(await types({ symbol: 'ETH' })).toEqual([]);

    const all = (await list()).items;
    const newest = all[0]!.createdAt;
    const oldest = all[all.length - 1]!.createdAt;
    expect(await types({ from: wibDay(oldest), to: wibDay(newest) })).toHaveLength(4);
    expect(await types({ from: wibDay(newest, 1) })).toEqual([]);
    expect(await types({ to: wibDay(oldest, -1) })).toEqual([]);
  });

  it('pages of one row list every transfer once, newest first, though the buy and the sale each touch two of the person’s accounts', async () => {
    // A page is read from each of the person's accounts' entries; a transfer on two of them (cash and
    // BTC) must neither repeat nor be skipped across page boundaries, with or without a filter.
    const repo = createReportsRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED);
    const walk = async (filter: Parameters<typeof repo.page>[1]) => {
      const ids: string[] = [];
      let cursor: { at: Date; id: string } | null = null;
      for (let page = await repo.page(user.userId, filter, null, 1); page.length > 0; page = await repo.page(user.userId, filter, cursor, 1)) {
        ids.push(page[0]!.id);
        cursor = { at: page[0]!.createdAt, id: page[0]!.id };
      }
      return ids;
    };
    const all = (await repo.page(user.userId, {}, null, 100)).map((r) => r.id);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(await walk({})).toEqual(all);
    const crypto = (await repo.page(user.userId, { product: 'CRYPTO' }, null, 100)).map((r) => r.id);
    expect(crypto).toHaveLength(2);
    expect(await walk({ product: 'CRYPTO' })).toEqual(crypto);
    expect(await walk({ product: 'CRYPTO', type: 'SELL', symbol: 'btc' })).toEqual([crypto[0]]);
  });

  it('refuses an unknown filter value and a forged cursor', async () => {
    expect((await get(`${REPORT_PATHS.transactions}?product=BONDS`)).statusCode).toBe(400);
    expect((await get(`${REPORT_PATHS.transactions}?from=2026-13-45`)).statusCode).toBe(400);
    const forged = await get(`${REPORT_PATHS.transactions}?cursor=${Buffer.from('yesterday:x').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(forged.json()).error_code).toBe('002');
  });

  it('the filters call lists every option and the person’s symbols', async () => {
    const filters = dataOf(TransactionFiltersResponse, await get(REPORT_PATHS.transactionFilters));
    expect(filters.products).toEqual(expect.arrayContaining(['WALLET', 'CRYPTO', 'US_STOCK', 'IDX', 'PERPS']));
    expect(filters.types).toEqual(expect.arrayContaining(['TOPUP', 'CASHOUT', 'TRANSFER', 'BUY', 'SELL', 'FUNDING', 'LIQUIDATION', 'DIVIDEND', 'SPLIT', 'YIELD']));
    expect(filters.statuses).toEqual(['COMPLETED', 'PENDING', 'EXPIRED', 'REJECTED', 'CANCELLED']);
    expect(filters.symbols).toEqual(['BTC-IDR']);
    expect(dataOf(TransactionFiltersResponse, await get(REPORT_PATHS.transactionFilters, other)).symbols).toEqual([]);
  });

  it('shows the ledger legs behind a row: the person’s accounts and the house’s fee and inventory, balanced per currency', async () => {
    const row = (await list({ type: 'BUY' })).items[0]!;
    const detail = dataOf(TransactionDetail, await get(transactionPath(row.id)));
    expect(detail.id).toBe(row.id);
    expect(detail.memo).toMatchObject({ orderId: buy.id, symbol: 'BTC-IDR', side: 'BUY' });
    const legs = detail.legs.map((l) => `${l.owner} ${l.account} ${l.currency} ${l.amount}`);
    expect(legs).toEqual(
      expect.arrayContaining([
        `YOU CASH IDR -${buy.total}`,
        `HOUSE FEES IDR ${buy.fee}`,
        `YOU SPOT BTC ${new Decimal(buy.filledQuantity).toFixed()}`,
      ]),
    );
    const sums = new Map<string, Decimal>();
    for (const leg of detail.legs) sums.set(leg.currency, (sums.get(leg.currency) ?? new Decimal(0)).plus(leg.amount));
    expect([...sums.values()].every((sum) => sum.isZero())).toBe(true);
    expect(detail.legs.filter((l) => l.owner === 'HOUSE').every((l) => l.balanceAfter === null)).toBe(true);
    expect(detail.legs.find((l) => l.owner === 'YOU' && l.currency === 'BTC')?.balanceAfter).toBe(new Decimal(buy.filledQuantity).toFixed());
  });

  it('answers 404 for another person’s transaction and for an id that does not exist, revealing nothing', async () => {
    const row = (await list({ type: 'BUY' })).items[0]!;
    const theirs = await get(transactionPath(row.id), other);
    expect(theirs.statusCode).toBe(404);
    expect(ErrorEnvelope.parse(theirs.json()).error_code).toBe('003');
    const unknown = await get(transactionPath(randomUUID()), other);
    expect(unknown.statusCode).toBe(404);
    const { error_code, error_message } = ErrorEnvelope.parse(unknown.json());
    expect({ error_code, error_message }).toEqual({ error_code: '003', error_message: ErrorEnvelope.parse(theirs.json()).error_message });
    expect((await list({}, other)).items).toEqual([]);
    expect((await get(transactionPath(row.id), { ...user, headers: {} as TestUser['headers'] })).statusCode).toBe(401);
  });

  it('exports the filtered range as CSV, one line per row, with the same figures', async () => {
    const response = await get(`${REPORT_PATHS.transactionsCsv}?product=CRYPTO`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,product,type,status,symbol,amounts,fees,taxes');
    expect(lines).toHaveLength(3);
    const rows = (await list({ product: 'CRYPTO' })).items;
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(rows.map((r) => r.id));
    expect(lines[1]).toContain(`SELL,COMPLETED,BTC-IDR,`);
    expect(lines[1]).toContain(`,IDR ${sell.fee},IDR ${sell.tax}`);
  });

  describe('for a person with many rows', () => {
    let busy: TestUser;
    beforeAll(async () => {
      busy = await verifiedUser(t.app, 'kyc');
      for (let i = 0; i < 65; i += 1) await move(busy, { n: i });
    }, SETUP_TIMEOUT_MS);

    it('pages 30 at a time by cursor, and rows that arrive meanwhile neither repeat nor shift a later page', async () => {
      const first = await list({}, busy);
      expect(first.items).toHaveLength(30);
      expect(first.nextCursor).not.toBeNull();
      for (let i = 0; i < 7; i += 1) await move(busy, { arrivedLater: true });
      const second = await list({ cursor: first.nextCursor! }, busy);
      const third = await list({ cursor: second.nextCursor! }, busy);
      expect(second.items).toHaveLength(30);
      expect(third.items).toHaveLength(5);
      expect(third.nextCursor).toBeNull();
      const seen = [...first.items, ...second.items, ...third.items].map((r) => r.id);
      expect(new Set(seen).size).toBe(65);
      const times = [...first.items, ...second.items, ...third.items].map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // The new rows are on a fresh first page.
      const fresh = await list({}, busy);
      expect(fresh.items.slice(0, 7).every((r) => !seen.includes(r.id))).toBe(true);
      expect(fresh.items[7]!.id).toBe(first.items[0]!.id);
    });

    it('streams a CSV across many reads with every row once, and escapes cells a spreadsheet would run', async () => {
      for (const symbol of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)']) await move(busy, { symbol });
      const small = createReportsService({
        repo: createReportsRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED),
        payments: walletPayments(),
        config: { ...REPORTS_CONFIG, csvBatchSize: 7 },
      });
      let csv = '';
      for await (const chunk of small.csv(busy.userId, {})) csv += chunk;
      const lines = csv.trimEnd().split('\r\n');
      expect(lines).toHaveLength(1 + 65 + 7 + 4);
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(76);
      expect(lines.slice(1, 5).map((l) => l.split(',').slice(5, 7).join(','))).toEqual([
        `'@SUM(A1),IDR CASH 1000`,
        `'-2+3,IDR CASH 1000`,
        `'+1,IDR CASH 1000`,
        `"'=HYPERLINK(""http://x"")",IDR CASH 1000`,
      ]);
      const overHttp = await get(REPORT_PATHS.transactionsCsv, busy);
      expect(overHttp.body).toBe(csv);
    });
  });

  describe('with top-ups and cashouts not finished', () => {
    let waiting: TestUser;
    let expired: TopUp;
    let open: TopUp;
    let cancelled: z.infer<typeof Cashout>;
    let review: z.infer<typeof Cashout>;
    const shape = (rows: readonly TransactionRow[]) => rows.map((r) => `${r.type} ${r.status}`);

    beforeAll(async () => {
      waiting = await walletUser(t.app);
      const bankAccountId = await addBankAccount(t.app, waiting);
      await topUp(t.app, waiting, '5000000');
      expired = topUpOf(await createTopUp(t.app, waiting, '300000'));
      // Its payment window has passed.
      await t.app.database.db.execute(sql`update topups set expires_at = ${new Date(Date.now() - 60_000).toISOString()}::timestamptz where id = ${expired.id}::uuid`);
      open = topUpOf(await createTopUp(t.app, waiting, '400000'));
      await freshPin(t.app, waiting);
      const cashout = async () => {
        const response = await t.app.inject({ method: 'POST', url: WALLET_PATHS.cashout, headers: waiting.headers, payload: { amount: '2000000', bankAccountId } });
        return dataOf(Cashout, response);
      };
      cancelled = await cashout();
      expect(dataOf(Cashout, await t.app.inject({ method: 'POST', url: cashoutCancelPath(cancelled.id), headers: waiting.headers })).status).toBe('CANCELLED');
      review = await cashout();
      expect(review.status).toBe('PENDING_REVIEW');
    }, SETUP_TIMEOUT_MS);

    it('lists each with its own status, in the same newest-first order as the ledger’s rows', async () => {
      const page = await list({}, waiting);
      expect(shape(page.items)).toEqual(['CASHOUT PENDING', 'CASHOUT CANCELLED', 'TOPUP PENDING', 'TOPUP EXPIRED', 'TOPUP COMPLETED']);
      expect(page.items.slice(0, 4).map((r) => r.id)).toEqual([review.id, cancelled.id, open.id, expired.id]);
      const [waitingCashout, , openTopUp] = page.items as [TransactionRow, TransactionRow, TransactionRow];
      expect(waitingCashout).toMatchObject({ product: 'WALLET', kind: 'CASHOUT', symbol: null, amounts: [{ currency: 'IDR', wallet: 'CASH', amount: '-2000000' }], fees: [{ currency: 'IDR', amount: review.fee }] });
      expect(openTopUp.amounts).toEqual([{ currency: 'IDR', wallet: 'CASH', amount: '400000' }]);
      expect(openTopUp.fees).toEqual(new Decimal(open.fee).isZero() ? [] : [{ currency: 'IDR', amount: open.fee }]);
    });

    it('every filter applies to them: status, product, type, WIB dates and symbol', async () => {
      const of = async (query: Record<string, string>) => shape((await list(query, waiting)).items);
      expect(await of({ status: 'PENDING' })).toEqual(['CASHOUT PENDING', 'TOPUP PENDING']);
      expect(await of({ status: 'EXPIRED' })).toEqual(['TOPUP EXPIRED']);
      expect(await of({ status: 'CANCELLED' })).toEqual(['CASHOUT CANCELLED']);
      expect(await of({ status: 'REJECTED' })).toEqual([]);
      expect(await of({ status: 'COMPLETED' })).toEqual(['TOPUP COMPLETED']);
      expect(await of({ product: 'WALLET', type: 'TOPUP' })).toEqual(['TOPUP PENDING', 'TOPUP EXPIRED', 'TOPUP COMPLETED']);
      expect(await of({ type: 'CASHOUT', status: 'PENDING' })).toEqual(['CASHOUT PENDING']);
      expect(await of({ product: 'CRYPTO' })).toEqual([]);
      expect(await of({ type: 'TRANSFER' })).toEqual([]);
      expect(await of({ symbol: 'IDR' })).toEqual([]);
      const today = wibDay(review.createdAt);
      expect(await of({ from: today, to: today })).toHaveLength(5);
      expect(await of({ from: wibDay(review.createdAt, 1) })).toEqual([]);
      expect(await of({ to: wibDay(review.createdAt, -1) })).toEqual([]);
    });

    it('pages and streams both kinds in one cursor order, each row once', async () => {
      const all = (await list({}, waiting)).items.map((r) => r.id);
      const small = createReportsService({
        repo: createReportsRepo(t.app.database.db, CLASSIFICATION_RULES, UNCLASSIFIED),
        payments: walletPayments(),
        config: { ...REPORTS_CONFIG, pageSize: 2, csvBatchSize: 2 },
      });
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await small.list(waiting.userId, cursor ? { cursor } : {});
        expect(page.items.length).toBeLessThanOrEqual(2);
        paged.push(...page.items.map((r) => r.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(paged).toEqual(all);
      let csv = '';
      for await (const chunk of small.csv(waiting.userId, {})) csv += chunk;
      const lines = csv.trimEnd().split('\r\n');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all);
      expect(lines[1]).toContain(',WALLET,CASHOUT,PENDING,,IDR CASH -2000000,');
    });

    it('opens one (no ledger legs yet); another person gets 404', async () => {
      const detail = dataOf(TransactionDetail, await get(transactionPath(review.id), waiting));
      expect(detail).toMatchObject({ id: review.id, type: 'CASHOUT', status: 'PENDING', legs: [] });
      expect((await get(transactionPath(review.id), other)).statusCode).toBe(404);
      expect((await get(transactionPath(open.id), other)).statusCode).toBe(404);
    });

    it('a top-up once paid is listed once, by its ledger transfer, as COMPLETED', async () => {
      expect((await t.app.inject({ method: 'POST', url: topupSimulatePath(open.id), headers: waiting.headers })).statusCode).toBe(200);
      const rows = (await list({ type: 'TOPUP' }, waiting)).items;
      expect(shape(rows)).toEqual(['TOPUP COMPLETED', 'TOPUP EXPIRED', 'TOPUP COMPLETED']);
      expect(rows.map((r) => r.id)).not.toContain(open.id);
      expect(rows[0]!.amounts).toEqual([{ currency: 'IDR', wallet: 'CASH', amount: '400000' }]);
    });
  });
});
