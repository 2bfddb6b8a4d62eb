import { PORTFOLIO_PATHS, registerTranslations, type CryptoHolding } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { AssetPosition } from './AssetPosition';
import { assetPositionEn, assetPositionId } from './asset-position-i18n';

// The private stream, fed by hand: the handler and the resync callback per channel.
const mockStreamHandlers = new Map<string, (message: unknown) => void>();
const mockResyncs = new Map<string, () => void>();
jest.mock('@pasar/shared', () => ({
  ...jest.requireActual('@pasar/shared'),
  usePrivateStream: (channel: string, onMessage: (message: unknown) => void, options: { onResync?: () => void } = {}) => {
    mockStreamHandlers.set(channel, onMessage);
    if (options.onResync) mockResyncs.set(channel, options.onResync);
  },
}));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
beforeEach(() => {
  mockStreamHandlers.clear();
  mockResyncs.clear();
});
afterEach(() => jest.restoreAllMocks());

const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' as const } };

const BTC: CryptoHolding = {
  symbol: 'BTC-IDR',
  asset: 'BTC',
  quantity: '0.002',
  available: '0.0015',
  averageCost: '1568233500',
  costBasis: '3136467',
  marketPrice: '1650000000',
  marketValue: '3300000',
  unrealizedPnl: '163533',
  unrealizedPnlPercent: '5.21',
  realizedPnl: '-126497',
};

const holdingsApi = (items: CryptoHolding[]) => createTestApiClient().reply('GET', PORTFOLIO_PATHS.assetHoldings, { items, updatedAt: 1 });

describe('the position on a crypto asset page', () => {
  it('shows the signed-in user’s quantity, average cost, value and P&L', async () => {
    const api = holdingsApi([BTC]);
    renderWithShell(<AssetPosition symbol="BTC-IDR" />, { auth: SIGNED_IN, api, language: 'en' });
    const card = await screen.findByRole('region', { name: 'Your position' });
    expect(await within(card).findByTestId('position-quantity')).toHaveTextContent('0.002 BTC');
    expect(within(card).getByTestId('position-available')).toHaveTextContent('0.0015 BTC');
    expect(within(card).getByTestId('position-average-cost')).toHaveTextContent('Rp1,568,233,500');
    expect(within(card).getByTestId('position-market-value')).toHaveTextContent('Rp3,300,000');
    expect(within(card).getByTestId('position-unrealized')).toHaveTextContent('▲ +Rp163,533 (+5.21%) gain');
    expect(within(card).getByTestId('position-realized')).toHaveTextContent('▼ -Rp126,497 loss');
    expect(within(card).getByRole('link', { name: 'View portfolio' })).toHaveAttribute('href', '/portfolio');
    expect(api.callsTo('GET', PORTFOLIO_PATHS.assetHoldings)[0]!.query).toEqual({ assetType: 'CRYPTO', symbol: 'BTC-IDR' });
  });

  it('says so in Indonesian when the user holds none', async () => {
    renderWithShell(<AssetPosition symbol="ETH-IDR" />, { auth: SIGNED_IN, api: holdingsApi([]) });
    expect(await screen.findByTestId('position-none')).toHaveTextContent('Anda tidak memiliki ETH saat ini.');
  });

  it('shows nothing to a guest and asks nothing of the API', () => {
    const api = holdingsApi([BTC]);
    renderWithShell(<AssetPosition symbol="BTC-IDR" />, { api });
    expect(screen.queryByTestId('asset-position')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('offers a retry when the position cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createTestApiClient().replyError('GET', PORTFOLIO_PATHS.assetHoldings, { code: '002', status: 400 });
    renderWithShell(<AssetPosition symbol="BTC-IDR" />, { auth: SIGNED_IN, api, language: 'en' });
    expect(await screen.findByRole('heading', { level: 3, name: 'Your position could not be loaded.' })).toBeInTheDocument();
    api.reply('GET', PORTFOLIO_PATHS.assetHoldings, { items: [BTC], updatedAt: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('position-quantity')).toHaveTextContent('0.002 BTC');
  });

  it('follows fills: a balances event, a return to the tab and a stream resync load the position again', async () => {
    const api = holdingsApi([]);
    renderWithShell(<AssetPosition symbol="BTC-IDR" />, { auth: SIGNED_IN, api, language: 'en' });
    await screen.findByTestId('position-none');
    api.reply('GET', PORTFOLIO_PATHS.assetHoldings, { items: [BTC], updatedAt: 2 });
    act(() => mockStreamHandlers.get('balances')!({ type: 'balances', currencies: ['IDR', 'BTC'] }));
    expect(await screen.findByTestId('position-quantity')).toHaveTextContent('0.002 BTC');
    api.reply('GET', PORTFOLIO_PATHS.assetHoldings, { items: [{ ...BTC, quantity: '0.003', available: '0.003' }], updatedAt: 3 });
    act(() => {
      fireEvent.focus(window);
    });
    expect(await screen.findByText('0.003 BTC')).toBeInTheDocument();
    expect(screen.queryByTestId('position-available')).not.toBeInTheDocument();
    api.reply('GET', PORTFOLIO_PATHS.assetHoldings, { items: [], updatedAt: 4 });
    act(() => mockResyncs.get('balances')!());
    expect(await screen.findByTestId('position-none')).toBeInTheDocument();
  });
});

describe('the position card’s strings', () => {
  const keysOf = (messages: object, prefix = ''): string[] =>
    Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

  it('have the same keys in Indonesian and English, none empty', () => {
    expect(keysOf(assetPositionEn).sort()).toEqual(keysOf(assetPositionId).sort());
    for (const text of [...Object.values(assetPositionId.assetPosition), ...Object.values(assetPositionEn.assetPosition)]) expect(text.trim()).not.toBe('');
  });
});
