import {
  registerTranslations,
} from '@pasar/shared';
import { PERPS_PATHS } from '@pasar/shared/contract/perps-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { installFakePrivateStream, type FakePrivateStream } from '../testing/fake-private-stream';
import { ticker } from '../testing/market-fixtures';
import { SIGNED_IN } from '../testing/order-fixtures';
import { mockPerps, PERP, perpOrder, perpPosition, type PerpMockOptions } from '../testing/perp-fixtures';
import { FundingBar, PerpsAccountArea } from './PerpsWorkspace';
import { resetPerpsStore } from './perps-store';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
jest.setTimeout(20_000);

const NOW = Date.parse('2026-11-25T13:45:00.000Z');
let live: FakeLive;
let stream: FakePrivateStream;
beforeEach(() => {
  resetPerpsStore();
  live = installFakeLive();
  stream = installFakePrivateStream();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => {
  live.restore();
  stream.restore();
  jest.restoreAllMocks();
});

const FORMAT = { currency: 'USDT' as const, precision: 1, lng: 'en' as const };
const PERP_TICKER = { symbol: PERP, assetType: 'PERPS' as const, price: '60000', markPrice: '60000', indexPrice: '59990', fundingRate: '0.0001', nextFundingTime: Date.parse('2026-11-25T16:00:00.000Z'), updatedAt: NOW };

function renderArea(mock: PerpMockOptions = {}) {
  const api = mockPerps(createTestApiClient(), mock).reply('GET', '/api/market/ticker', ticker(PERP_TICKER));
  const result = renderWithShell(<PerpsAccountArea symbol={PERP} format={FORMAT} />, { language: 'en', auth: SIGNED_IN, api, userEventOptions: { delay: null } });
  return { ...result, api };
}

const posts = (api: ReturnType<typeof createTestApiClient>, path: string) => api.calls.filter((call) => call.method === 'POST' && call.path === path);

describe('the perps account area', () => {
  it('shows a position with the live mark price, P&L and ROE, and the isolated margin ratio following the mark', async () => {
    renderArea({ positions: [perpPosition()], balance: { walletBalance: '1000', availableBalance: '939.76', marginRatioPercentage: '4' } });
    const row = await screen.findByTestId('perp-position');
    expect(row).toHaveTextContent(`${PERP} Long 10x · Isolated`);
    expect(screen.getByTestId('perps-wallet')).toHaveTextContent('Wallet balance ₮1,000.00 · available ₮939.76 · margin ratio 4.00%');
    await waitFor(() => expect(within(row).getByTestId('position-mark')).toHaveTextContent('₮60,000.0'));
    // The mark moves down 1,000: 0.01 BTC loses 10 USDT, −16.67 % of the 60 USDT margin.
    act(() => live.push('ticker', PERP, { type: 'update', data: ticker({ ...PERP_TICKER, markPrice: '59000' }) }));
    await waitFor(() => expect(within(row).getByTestId('position-mark')).toHaveTextContent('₮59,000.0'));
    expect(within(row).getByTestId('position-pnl')).toHaveTextContent('-₮10.00 (-16.67%)');
    // MM = 0.01 × 59,000 × 0.4 % = 2.36; equity 60 − 10 = 50: 4.72 %.
    expect(within(row).getByTestId('position-ratio')).toHaveTextContent('4.72%');
    expect(within(row).getByTestId('position-liquidation')).toHaveTextContent('₮54,240.9');
  });

  it('closes a position after showing the close estimate (realized P&L, fee, margin released)', async () => {
    const { user, api } = renderArea({ positions: [perpPosition()] });
    await screen.findByTestId('perp-position');
    await user.click(screen.getByRole('button', { name: `Close ${PERP}` }));
    const dialog = await screen.findByRole('dialog', { name: `Close ${PERP} position` });
    await waitFor(() => expect(within(dialog).getByTestId('close-pnl')).toHaveTextContent('+₮10.00'));
    expect(api.calls.find((call) => call.path === PERPS_PATHS.closeEstimate)!.query).toEqual({ symbol: PERP, quantity: '0.01' });
    expect(posts(api, PERPS_PATHS.close)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close at market' }));
    await waitFor(() => expect(posts(api, PERPS_PATHS.close)).toHaveLength(1));
    expect(posts(api, PERPS_PATHS.close)[0]!.body).toEqual({ symbol: PERP, quantity: '0.01', orderType: 'MARKET' });
    expect(posts(api, PERPS_PATHS.close)[0]!.headers['x-request-id']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sets TP/SL and adds isolated margin; a refusal stays in the dialog and nothing is closed', async () => {
    const api = mockPerps(createTestApiClient(), { positions: [perpPosition()] })
      .reply('GET', '/api/market/ticker', ticker(PERP_TICKER))
      .replyError('POST', PERPS_PATHS.positionMargin, { code: '4208', message: 'That much margin cannot be removed' });
    const { user } = renderWithShell(<PerpsAccountArea symbol={PERP} format={FORMAT} />, { language: 'en', auth: SIGNED_IN, api, userEventOptions: { delay: null } });
    await screen.findByTestId('perp-position');
    await user.click(screen.getByRole('button', { name: `TP/SL ${PERP}` }));
    const tpsl = await screen.findByRole('dialog', { name: `${PERP} position TP/SL` });
    await user.type(within(tpsl).getByLabelText(/Take profit/), '65000');
    await user.click(within(tpsl).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(api, PERPS_PATHS.tpsl)).toHaveLength(1));
    expect(posts(api, PERPS_PATHS.tpsl)[0]!.body).toEqual({ symbol: PERP, takeProfit: '65000', stopLoss: null });

    await user.click(screen.getByRole('button', { name: `Margin ${PERP}` }));
    const margin = await screen.findByRole('dialog', { name: `Adjust ${PERP} margin` });
    await user.click(within(margin).getByRole('button', { name: 'Remove' }));
    await user.type(within(margin).getByLabelText(/Amount \(USDT\)/), '59');
    await user.click(within(margin).getByRole('button', { name: 'Confirm' }));
    expect(await within(margin).findByRole('alert')).toHaveTextContent('That much margin cannot be removed');
    expect(posts(api, PERPS_PATHS.positionMargin)[0]!.body).toEqual({ symbol: PERP, direction: 'REMOVE', amount: '59' });
  });

  it('lists open orders with a confirmed cancel, and the history with its liquidations', async () => {
    const open = perpOrder({ id: 'rest-1' });
    const liquidated = perpOrder({ id: 'liq-1', side: 'SELL', orderType: 'MARKET', status: 'SUCCESS', reason: 'LIQUIDATION', filledQuantity: '0.01', averagePrice: '54200' });
    const { user, api } = renderArea({ open: [open], history: [liquidated] });
    await user.click(await screen.findByRole('tab', { name: 'Open orders' }));
    const table = await screen.findByTestId('perp-orders-open');
    await user.click(within(table).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: `Cancel the ${PERP} order?` });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(posts(api, '/api/perp/orders/rest-1/cancel')).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Order history' }));
    const history = await screen.findByTestId('perp-orders-history');
    expect(within(history).getByTestId('perp-order-row')).toHaveTextContent('Liquidation');
    expect(within(history).getByTestId('perp-order-row')).toHaveTextContent('₮54,200.0');
  });

  it('shows a margin call notice as it arrives on the private stream, and asks the positions again on a USDT balances event', async () => {
    const { api } = renderArea({ positions: [perpPosition()] });
    await screen.findByTestId('perp-position');
    const asked = () => api.calls.filter((call) => call.path === PERPS_PATHS.positions).length;
    const before = asked();
    act(() => stream.push('balances', { type: 'balances', currencies: ['IDR'] }));
    act(() => stream.push('balances', { type: 'balances', currencies: ['USDT'] }));
    await waitFor(() => expect(asked()).toBe(before + 1));
    act(() =>
      stream.push('notifications', {
        type: 'notification',
        notification: { id: 'n1', type: 'MARGIN_CALL', title: 'Margin call', body: 'Your margin ratio reached 85%.', createdAt: '2026-11-25T13:45:00.000Z', readAt: null, link: null },
      }),
    );
    const notice = await screen.findByTestId('perps-notice');
    expect(notice).toHaveTextContent('Margin call');
    expect(notice).toHaveAttribute('data-type', 'MARGIN_CALL');
  });

  it('shows the funding rate and the countdown to the next funding on the server’s clock', async () => {
    const api = createTestApiClient().reply('GET', '/api/market/ticker', ticker({ ...PERP_TICKER, updatedAt: NOW + 60_000 }));
    renderWithShell(<FundingBar symbol={PERP} format={FORMAT} />, { language: 'en', api });
    // 16:00 − (13:45 + the server's minute ahead) = 2:14:00.
    await waitFor(() => expect(screen.getByTestId('perps-funding-countdown')).toHaveTextContent('2:14:00'));
    expect(screen.getByTestId('perps-funding')).toHaveTextContent('+0.0100%');
    expect(screen.getByTestId('perps-mark')).toHaveTextContent('₮60,000.0');
  });
});
