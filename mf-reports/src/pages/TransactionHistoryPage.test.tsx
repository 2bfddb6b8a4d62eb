import { registerTranslations, useLocation, type TransactionRow } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { createTestApiClient, type TestApiClient } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { downloadTransactionsCsv } from '../csv-download';
import { REPORTS_NAMESPACE, reportsTranslations } from '../i18n';
import { TransactionHistoryPage } from './TransactionHistoryPage';

jest.mock('../csv-download', () => ({ downloadTransactionsCsv: jest.fn(async () => undefined) }));

const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' as const } };
const ID_BUY = '0b7d3c1e-6f0a-4c55-9a51-2f1d4f6b8a10';
const ID_TOPUP = '1c8e4d2f-7a1b-4d66-8b62-3a2e5a7c9b21';
const PATH = '/transaction-history';
const LIST = '/api/reports/transactions';

const buyRow: TransactionRow = {
  id: ID_BUY,
  product: 'CRYPTO',
  type: 'BUY',
  status: 'COMPLETED',
  kind: 'ORDER_FILL',
  symbol: 'BTC-IDR',
  amounts: [
    { currency: 'IDR', wallet: 'CASH', amount: '-1001000' },
    { currency: 'BTC', wallet: 'SPOT', amount: '0.00066666' },
  ],
  fees: [{ currency: 'IDR', amount: '1000' }],
  taxes: [],
  createdAt: '2026-11-27T03:00:00.000Z',
};
const topupRow: TransactionRow = {
  ...buyRow,
  id: ID_TOPUP,
  product: 'WALLET',
  type: 'TOPUP',
  kind: 'TOPUP',
  symbol: null,
  amounts: [{ currency: 'IDR', wallet: 'CASH', amount: '5000000' }],
  fees: [],
  createdAt: '2026-11-26T03:00:00.000Z',
};
const FILTERS = { products: ['WALLET', 'CRYPTO'], types: ['TOPUP', 'BUY', 'SELL'], statuses: ['COMPLETED'], symbols: ['BTC-IDR'] };

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const apiWith = (pages: (query: Record<string, unknown>) => { items: TransactionRow[]; nextCursor: string | null }) =>
  createTestApiClient({ logger: { error: () => undefined } })
    .reply('GET', `${LIST}/filters`, FILTERS)
    .on('GET', LIST, (request) => ({ body: { status: 'success', data: { ...pages(request.query), pageSize: 30 } } }));

const render = (api: TestApiClient, route = PATH, language: 'id' | 'en' = 'en') =>
  renderWithShell(
    <>
      <TransactionHistoryPage />
      <LocationProbe />
    </>,
    { api, route, path: PATH, language, auth: SIGNED_IN },
  );
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => registerTranslations(REPORTS_NAMESPACE, reportsTranslations));

describe('the transaction history page', () => {
  it('lists the rows with their amounts, fees and product, in English and Indonesian', async () => {
    const api = apiWith(() => ({ items: [buyRow, topupRow], nextCursor: null }));
    const { unmount } = render(api);
    // The file's first render loads the contract's schemas: on a busy machine that takes seconds.
    const rows = await screen.findAllByTestId('transaction-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Crypto');
    expect(rows[0]).toHaveTextContent('Buy');
    expect(rows[0]).toHaveTextContent('BTC-IDR');
    expect(rows[0]).toHaveTextContent('-1,001,000 IDR');
    expect(rows[0]).toHaveTextContent('+0.00066666 BTC');
    expect(rows[0]).toHaveTextContent('Fee 1,000 IDR');
    expect(rows[1]).toHaveTextContent('Top-up');
    expect(rows[1]).toHaveTextContent('+5,000,000 IDR');
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument();
    unmount();

    render(apiWith(() => ({ items: [buyRow], nextCursor: null })), PATH, 'id');
    const [row] = await screen.findAllByTestId('transaction-row');
    expect(row).toHaveTextContent('Kripto');
    expect(row).toHaveTextContent('Beli');
    expect(row).toHaveTextContent('-1.001.000 IDR');
    expect(row).toHaveTextContent('Biaya 1.000 IDR');
  });

  it('sends the filters in the URL and writes new ones back to it, from the first page', async () => {
    const api = apiWith(() => ({ items: [buyRow], nextCursor: null }));
    const { user } = render(api, `${PATH}?product=CRYPTO&symbol=btc&cursor=c2&trail=`);
    await screen.findAllByTestId('transaction-row');
    expect(api.callsTo('GET', LIST)[0]!.query).toEqual({ product: 'CRYPTO', symbol: 'btc', cursor: 'c2' });
    const form = screen.getByRole('search', { name: 'Transaction filters' });
    expect(within(form).getByLabelText('Product')).toHaveValue('CRYPTO');

    await user.selectOptions(within(form).getByLabelText('Type'), 'SELL');
    await user.type(within(form).getByLabelText('From date (WIB)'), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(location()).toBe(`${PATH}?product=CRYPTO&type=SELL&from=2026-11-01&symbol=btc`));
    await waitFor(() => expect(api.callsTo('GET', LIST).at(-1)!.query).toEqual({ product: 'CRYPTO', type: 'SELL', from: '2026-11-01', symbol: 'btc' }));

    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe(PATH));
  });

  it('pages forward by cursor and back again', async () => {
    const api = apiWith((query) => (query.cursor === 'c1' ? { items: [topupRow], nextCursor: null } : { items: [buyRow], nextCursor: 'c1' }));
    const { user } = render(api);
    await screen.findAllByTestId('transaction-row');
    const pager = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('transaction-row')).toHaveTextContent('Top-up'));
    expect(location()).toBe(`${PATH}?cursor=c1&trail=`);
    const second = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect(within(second).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(second).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('transaction-row')).toHaveTextContent('Buy'));
    expect(location()).toBe(PATH);
  });

  it('opens a row’s details with the ledger legs, and goes back to the list', async () => {
    const detail = {
      ...buyRow,
      memo: { orderId: 'o1' },
      legs: [
        { owner: 'YOU', account: 'CASH', currency: 'IDR', amount: '-1001000', balanceAfter: '3999000' },
        { owner: 'HOUSE', account: 'FEES', currency: 'IDR', amount: '1000', balanceAfter: null },
        { owner: 'HOUSE', account: 'INVENTORY', currency: 'IDR', amount: '1000000', balanceAfter: null },
      ],
    };
    const api = apiWith(() => ({ items: [buyRow], nextCursor: null })).on('GET', `${LIST}/:id`, (request) => ({
      body: { status: 'success', data: request.params.id === 'filters' ? FILTERS : detail },
    }));
    const { user } = render(api, `${PATH}?type=BUY`);
    await user.click((await screen.findAllByTestId('transaction-row'))[0]!);
    await waitFor(() => expect(location()).toBe(`${PATH}?type=BUY&id=${ID_BUY}`));
    const legs = await screen.findAllByTestId('ledger-leg');
    expect(legs.map((leg) => leg.textContent)).toEqual(['YouRupiah cash-1,001,000 IDR3,999,000 IDR', 'PasarFees+1,000 IDR-', 'PasarPasar inventory+1,000,000 IDR-']);
    expect(api.calls.map((request) => request.path)).toContain(`${LIST}/${ID_BUY}`);
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(location()).toBe(`${PATH}?type=BUY`));
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(1);
  });

  it('lists a cashout still waiting with its status, and its details say no ledger entries exist yet', async () => {
    const waiting: TransactionRow = { ...topupRow, type: 'CASHOUT', kind: 'CASHOUT', status: 'PENDING', amounts: [{ currency: 'IDR', wallet: 'CASH', amount: '-2000000' }] };
    const api = apiWith(() => ({ items: [waiting], nextCursor: null })).on('GET', `${LIST}/:id`, (request) => ({
      body: { status: 'success', data: request.params.id === 'filters' ? FILTERS : { ...waiting, legs: [], memo: {} } },
    }));
    const { user } = render(api);
    const [row] = await screen.findAllByTestId('transaction-row');
    expect(row).toHaveTextContent('In progress');
    await user.click(row!);
    expect(await screen.findByText('No ledger entries yet: the money moves once this top-up or cashout is done.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('ledger-leg')).toEqual([]);
  });

  it('says there are no transactions yet, or none that match the filters', async () => {
    const { unmount } = render(apiWith(() => ({ items: [], nextCursor: null })));
    expect(await screen.findByRole('heading', { level: 3, name: 'No transactions yet' })).toBeInTheDocument();
    unmount();
    render(apiWith(() => ({ items: [], nextCursor: null })), `${PATH}?product=PERPS`);
    expect(await screen.findByRole('heading', { level: 3, name: 'No transactions match' })).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const api = createTestApiClient({ logger: { error: () => undefined } })
      .reply('GET', `${LIST}/filters`, FILTERS)
      .on('GET', LIST, () =>
        new Promise((resolve) => {
          release = () =>
            resolve(fail ? { status: 400, body: { status: 'error', error_code: '002', error_message: 'Bad filter' } } : { body: { status: 'success', data: { items: [buyRow], nextCursor: null, pageSize: 30 } } });
        }),
      );
    const { user } = render(api);
    expect(await screen.findByLabelText('Loading transactions')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Transactions could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    await act(async () => release());
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(1);
  });

  it('downloads the CSV of the filtered range', async () => {
    const { user } = render(apiWith(() => ({ items: [buyRow], nextCursor: null })), `${PATH}?product=CRYPTO&cursor=c2&trail=`);
    await screen.findAllByTestId('transaction-row');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloadTransactionsCsv).toHaveBeenCalledWith({ product: 'CRYPTO' });
  });
});
