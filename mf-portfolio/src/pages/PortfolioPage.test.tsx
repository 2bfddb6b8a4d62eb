import { PORTFOLIO_PATHS } from '@pasar/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  aaplHolding,
  btcHolding,
  buyFill,
  deferred,
  emptyOverview,
  fill,
  historyPage,
  holdings,
  overview,
  overviewWithUs,
  portfolioApi,
  registerPortfolioTranslations,
  renderPage,
  replyHoldings,
  tslaHolding,
  usFill,
  USER_ID,
  usHistoryPage,
  usHoldings,
  worth,
} from '../testing/portfolio-fixtures';
import { PortfolioPage } from './PortfolioPage';

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

beforeAll(registerPortfolioTranslations);
beforeEach(() => {
  localStorage.clear();
  mockStreamHandlers.clear();
  mockResyncs.clear();
});
afterEach(() => jest.restoreAllMocks());

/** The API client logs refusals; the tests that provoke one keep the output clean. */
const quietErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

const region = (name: string) => screen.getByRole('region', { name });

describe('the portfolio page', () => {
  it('shows skeletons while loading, then the overview totals', async () => {
    const api = portfolioApi();
    const release = deferred(api, PORTFOLIO_PATHS.overview, overview());
    renderPage(<PortfolioPage />, { api, language: 'en' });
    expect(within(await screen.findByRole('region', { name: 'Overview' })).getByLabelText('Loading')).toBeInTheDocument();
    act(release);
    expect(await screen.findByTestId('total-value')).toHaveTextContent('Rp10,132,060');
    expect(screen.getByTestId('overview-cash')).toHaveTextContent('Rp3,832,060');
    expect(screen.getByTestId('overview-on-hold')).toHaveTextContent('Rp100,000');
    expect(screen.getByTestId('overview-invested')).toHaveTextContent('Rp6,200,000');
    expect(screen.getByTestId('overview-cost')).toHaveTextContent('Rp6,139,467');
    expect(screen.getByTestId('overview-unrealized')).toHaveTextContent('+Rp60,533 (+0.99%)');
    expect(screen.getByTestId('overview-realized')).toHaveTextContent('+Rp71,527');
  });

  it.each([
    ['id', 'Isi total', 'Margin perpetual (USDT)', 'Rp823.150', 'Rp10.955.210'],
    ['en', 'What the total counts', 'Perpetuals margin (USDT)', 'Rp823,150', 'Rp10,955,210'],
  ] as const)('shows the server\'s one total, the balance page\'s too, with every wallet it counts, in %s', async (language, label, margin, marginValue, total) => {
    const data = overview({ totalValue: '10955210', netWorth: worth({ IDR_CASH: '3932060', USDT_MARGIN: '823150', CRYPTO: '6200000' }) });
    renderPage(<PortfolioPage />, { api: portfolioApi({ overview: data }), language });
    expect(await screen.findByTestId('total-value')).toHaveTextContent(total);
    const parts = screen.getByLabelText(label);
    expect(within(parts).getByText(margin)).toBeInTheDocument();
    expect(screen.getByTestId('worth-USDT_MARGIN')).toHaveTextContent(marginValue);
    // Nothing in US stocks: not listed.
    expect(screen.queryByTestId('worth-USSTOCK')).not.toBeInTheDocument();
  });

  it('lists each holding with quantity, available, average cost, value and P&L, in Indonesian', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi() });
    const btc = await screen.findByTestId('holding-BTC-IDR');
    expect(within(btc).getByTestId('holding-quantity')).toHaveTextContent('0,002');
    expect(btc).toHaveTextContent('Tersedia 0,0015');
    expect(within(btc).getByTestId('holding-average-cost')).toHaveTextContent('Rp1.568.233.333,33');
    expect(within(btc).getByTestId('holding-market-value')).toHaveTextContent('Rp3.300.000');
    expect(within(btc).getByTestId('holding-unrealized')).toHaveTextContent('+Rp163.533 (+5,21%)');
    expect(within(btc).getByTestId('holding-realized')).toHaveTextContent('+Rp126.497');
    const eth = screen.getByTestId('holding-ETH-IDR');
    // All of it available: no second line.
    expect(eth).not.toHaveTextContent('Tersedia');
    expect(within(eth).getByTestId('holding-unrealized')).toHaveTextContent('-Rp103.000 (-3,43%)');
  });

  it('says gain or loss in words and arrows, not in colour alone', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi(), language: 'en' });
    const btc = within(await screen.findByTestId('holding-BTC-IDR')).getByTestId('holding-unrealized');
    const eth = within(screen.getByTestId('holding-ETH-IDR')).getByTestId('holding-unrealized');
    expect(btc).toHaveTextContent('▲');
    expect(btc).toHaveTextContent('gain');
    expect(eth).toHaveTextContent('▼');
    expect(eth).toHaveTextContent('loss');
    const flat = within(screen.getByTestId('holding-ETH-IDR')).getByTestId('holding-realized');
    expect(flat).toHaveTextContent(/^Rp0$/);
  });

  it('links a holding to its asset page once the symbol info is known', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi(), language: 'en' });
    const btc = await screen.findByTestId('holding-BTC-IDR');
    await waitFor(() => expect(within(btc).getByRole('link', { name: 'BTC' })).toHaveAttribute('href', '/asset/crypto/BTC-IDR/1'));
    expect(btc).toHaveTextContent('Bitcoin');
  });

  it('lists the position history: side in words, sells with their realized P&L', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi(), language: 'en' });
    const rows = await within(await screen.findByTestId('position-history')).findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Sell');
    expect(rows[0]).toHaveTextContent('Rp1,694,730');
    // Fee 1,700 + tax 3,570.
    expect(rows[0]).toHaveTextContent('Rp5,270');
    expect(rows[0]).toHaveTextContent('+Rp126,497');
    expect(rows[1]).toHaveTextContent('Buy');
    expect(rows[1]).toHaveTextContent('–');
  });

  it('pages through the history', async () => {
    const api = portfolioApi();
    api.on('GET', PORTFOLIO_PATHS.positionHistory, (request) =>
      request.query.page === '2' || request.query.page === 2
        ? { body: { status: 'success', data: historyPage([buyFill({ id: 'f1' })], 2, false) } }
        : { body: { status: 'success', data: historyPage([fill(), buyFill()], 1, true) } },
    );
    const { user } = renderPage(<PortfolioPage />, { api, language: 'en' });
    const pager = await screen.findByRole('navigation', { name: 'History pages' });
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1));
    expect(within(pager).getByText('Page 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    const sizes = api.callsTo('GET', PORTFOLIO_PATHS.positionHistory).map((call) => [String(call.query.page), String(call.query.size)]);
    expect(sizes).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });

  it('filters the history by pair and remembers the choice per user (positionHistory_{id})', async () => {
    const api = portfolioApi();
    const { user, unmount } = renderPage(<PortfolioPage />, { api, language: 'en' });
    const filter = await screen.findByLabelText('Asset');
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'ETH-IDR' })).toBeInTheDocument());
    await user.selectOptions(filter, 'ETH-IDR');
    await waitFor(() => expect(api.callsTo('GET', PORTFOLIO_PATHS.positionHistory).at(-1)?.query.symbol).toBe('ETH-IDR'));
    expect(JSON.parse(localStorage.getItem(`positionHistory_${USER_ID}`) ?? 'null')).toEqual({ assetType: 'CRYPTO', symbol: 'ETH-IDR' });
    unmount();

    // Back on the page: the first request already asks for ETH-IDR.
    const again = portfolioApi();
    renderPage(<PortfolioPage />, { api: again, language: 'en' });
    await waitFor(() => expect(again.callsTo('GET', PORTFOLIO_PATHS.positionHistory)).toHaveLength(1));
    expect(again.callsTo('GET', PORTFOLIO_PATHS.positionHistory)[0]!.query.symbol).toBe('ETH-IDR');
    expect(await screen.findByLabelText('Asset')).toHaveValue('ETH-IDR');
  });

  it('another user on the same browser does not get the first one’s filter', async () => {
    localStorage.setItem('positionHistory_someone-else', JSON.stringify({ symbol: 'ETH-IDR' }));
    const api = portfolioApi();
    renderPage(<PortfolioPage />, { api });
    await waitFor(() => expect(api.callsTo('GET', PORTFOLIO_PATHS.positionHistory)).toHaveLength(1));
    expect(api.callsTo('GET', PORTFOLIO_PATHS.positionHistory)[0]!.query.symbol).toBeUndefined();
  });

  it('forgets a remembered pair the server no longer knows (003) and shows every pair', async () => {
    quietErrors();
    localStorage.setItem(`positionHistory_${USER_ID}`, JSON.stringify({ symbol: 'OLD-IDR' }));
    const api = portfolioApi();
    api.on('GET', PORTFOLIO_PATHS.positionHistory, (request) =>
      request.query.symbol === 'OLD-IDR'
        ? { status: 404, body: { status: 'error', error_code: '003', error_message: 'Not found' } }
        : { body: { status: 'success', data: historyPage([fill()]) } },
    );
    renderPage(<PortfolioPage />, { api, language: 'en' });
    // Two history calls in a row (the refused pair, then every pair) beside the page's other calls.
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1), { timeout: 5000 });
    expect(screen.getByLabelText('Asset')).toHaveValue('');
    expect(JSON.parse(localStorage.getItem(`positionHistory_${USER_ID}`) ?? 'null')).toEqual({ assetType: 'CRYPTO', symbol: null });
  });

  it('welcomes a new investor with a way to the first trade', async () => {
    const api = portfolioApi({ overview: emptyOverview(), holdings: holdings([]), history: historyPage([]) });
    renderPage(<PortfolioPage />, { api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Belum ada aset' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mulai trading' })).toHaveAttribute('href', '/trade');
    expect(screen.getByTestId('total-value')).toHaveTextContent('Rp0');
    expect(screen.queryByTestId('holdings')).not.toBeInTheDocument();
  });

  it('tells a seller whose position is closed that no crypto is held, and keeps the history', async () => {
    const api = portfolioApi({ holdings: holdings([]), history: historyPage([fill({ symbol: 'SOL-IDR', realizedPnl: '-54970' })]) });
    renderPage(<PortfolioPage />, { api, language: 'en' });
    expect(await screen.findByRole('heading', { level: 3, name: 'No crypto yet' })).toBeInTheDocument();
    const [row] = await screen.findAllByTestId('history-row');
    expect(row).toHaveTextContent('-Rp54,970');
    expect(screen.queryByRole('link', { name: 'Start trading' })).not.toBeInTheDocument();
  });

  it('offers a retry when the overview fails, and recovers', async () => {
    quietErrors();
    const api = portfolioApi();
    let fail = true;
    api.on('GET', PORTFOLIO_PATHS.overview, () =>
      fail
        ? { status: 400, body: { status: 'error', error_code: '002', error_message: 'Invalid input' } }
        : { body: { status: 'success', data: overview() } },
    );
    const { user } = renderPage(<PortfolioPage />, { api, language: 'en' });
    const overviewRegion = await screen.findByRole('region', { name: 'Overview' });
    expect(await within(overviewRegion).findByRole('heading', { name: 'Could not load your portfolio' })).toBeInTheDocument();
    expect(overviewRegion).toHaveTextContent('Invalid input');
    fail = false;
    await user.click(within(overviewRegion).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('total-value')).toHaveTextContent('Rp10,132,060');
  });

  it('refreshes every figure when the private stream says balances changed', async () => {
    const api = portfolioApi();
    renderPage(<PortfolioPage />, { api, language: 'en' });
    expect(await screen.findByTestId('total-value')).toHaveTextContent('Rp10,132,060');
    api.reply('GET', PORTFOLIO_PATHS.overview, overview({ totalValue: '10200000' }));
    replyHoldings(api, holdings([btcHolding({ quantity: '0.003', available: '0.003' })]), usHoldings([aaplHolding()]));
    act(() => mockStreamHandlers.get('balances')!({ type: 'balances', currencies: ['IDR', 'BTC'] }));
    expect(await screen.findByTestId('us-holding-AAPL')).toBeInTheDocument();
    expect(await screen.findByText('Rp10,200,000')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('holding-BTC-IDR')).getByTestId('holding-quantity')).toHaveTextContent('0.003'));
    expect(screen.queryByTestId('holding-ETH-IDR')).not.toBeInTheDocument();
    expect(api.callsTo('GET', PORTFOLIO_PATHS.positionHistory)).toHaveLength(2);
  });

  it('refreshes when the private stream comes back after a lapse (events may have been missed)', async () => {
    const api = portfolioApi();
    renderPage(<PortfolioPage />, { api, language: 'en' });
    await screen.findByTestId('total-value');
    api.reply('GET', PORTFOLIO_PATHS.overview, overview({ realizedPnl: '80000' }));
    act(() => mockResyncs.get('balances')!());
    await waitFor(() => expect(screen.getByTestId('overview-realized')).toHaveTextContent('+Rp80,000'));
  });

  it('refreshes when the reader comes back to the tab', async () => {
    const api = portfolioApi();
    renderPage(<PortfolioPage />, { api, language: 'en' });
    await screen.findByTestId('total-value');
    api.reply('GET', PORTFOLIO_PATHS.overview, overview({ totalValue: '9999999' }));
    act(() => {
      fireEvent.focus(window);
    });
    expect(await screen.findByText('Rp9,999,999')).toBeInTheDocument();
  });
});

describe('US stocks on the portfolio page', () => {
  it('lists each US holding in dollars with its Rupiah beside it: shares, average cost, value, P&L', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi({ usHoldings: usHoldings([aaplHolding()]) }), language: 'en' });
    const aapl = await screen.findByTestId('us-holding-AAPL');
    const section = screen.getByRole('region', { name: 'US stock holdings' });
    expect(section).toContainElement(aapl);
    expect(within(aapl).getByTestId('holding-quantity')).toHaveTextContent('2');
    expect(aapl).toHaveTextContent('1.25 available');
    expect(within(aapl).getByTestId('holding-average-cost')).toHaveTextContent('$200.20');
    expect(within(aapl).getByTestId('holding-average-cost-idr')).toHaveTextContent('≈ Rp3,253,250');
    expect(within(aapl).getByTestId('holding-market-price')).toHaveTextContent('$220.00');
    expect(within(aapl).getByTestId('holding-market-value')).toHaveTextContent('$440.00');
    expect(within(aapl).getByTestId('holding-market-value-idr')).toHaveTextContent('≈ Rp7,150,000');
    expect(within(aapl).getByTestId('holding-unrealized')).toHaveTextContent('▲ +$39.60 (+9.89%) gain');
    expect(within(aapl).getByTestId('holding-unrealized-idr')).toHaveTextContent('≈ +Rp643,500');
    expect(within(aapl).getByTestId('holding-realized')).toHaveTextContent('+$4.39');
    expect(within(aapl).getByTestId('holding-realized-idr')).toHaveTextContent('≈ +Rp71,338');
    expect(within(section).getByTestId('us-rate-note')).toHaveTextContent('Rupiah figures at Rp16,250 per US$1');
    await waitFor(() => expect(within(aapl).getByRole('link', { name: 'AAPL' })).toHaveAttribute('href', '/asset/usstock/AAPL/12'));
    expect(aapl).toHaveTextContent('Apple Inc.');
    // The crypto section stays as it was.
    expect(screen.getByTestId('holding-BTC-IDR')).toBeInTheDocument();
  });

  it('writes fractional shares and dollar figures the Indonesian way, losses with a down arrow and the word', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi({ usHoldings: usHoldings([tslaHolding()]) }) });
    const tsla = await screen.findByTestId('us-holding-TSLA');
    expect(within(tsla).getByTestId('holding-quantity')).toHaveTextContent('0,123456');
    expect(within(tsla).getByTestId('holding-average-cost')).toHaveTextContent('$300,1234');
    expect(within(tsla).getByTestId('holding-market-value')).toHaveTextContent('$30,92');
    const loss = within(tsla).getByTestId('holding-unrealized');
    expect(loss).toHaveTextContent('▼ -$6,13 (-16,55%) rugi');
    expect(loss).toHaveAttribute('data-sign', '-1');
    expect(within(tsla).getByTestId('holding-unrealized-idr')).toHaveTextContent('≈ -Rp99.613');
    expect(within(tsla).getByTestId('holding-realized')).toHaveTextContent(/^\$0,00/);
    expect(screen.getByRole('region', { name: 'Saham AS' })).toHaveTextContent('kurs Rp16.250 per US$1');
  });

  it('says no US stock is held while crypto is, and keeps both sections', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi(), language: 'en' });
    expect(await screen.findByRole('heading', { level: 3, name: 'No US stocks yet' })).toBeInTheDocument();
    expect(screen.getByTestId('holding-BTC-IDR')).toBeInTheDocument();
  });

  it('offers a retry when the US holdings fail, without hiding the crypto ones', async () => {
    quietErrors();
    const api = portfolioApi();
    let fail = true;
    api.on('GET', PORTFOLIO_PATHS.assetHoldings, (request) =>
      request.query.assetType !== 'USSTOCK'
        ? { body: { status: 'success', data: holdings() } }
        : fail
          ? { status: 400, body: { status: 'error', error_code: '002', error_message: 'Invalid input' } }
          : { body: { status: 'success', data: usHoldings([aaplHolding()]) } },
    );
    const { user } = renderPage(<PortfolioPage />, { api, language: 'en' });
    const section = await screen.findByRole('region', { name: 'US stock holdings' });
    expect(await within(section).findByRole('heading', { name: 'Could not load your portfolio' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Invalid input');
    expect(await screen.findByTestId('holding-BTC-IDR')).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('us-holding-AAPL')).toBeInTheDocument();
  });

  it('shows a skeleton in the US section while its holdings load', async () => {
    const api = portfolioApi();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on('GET', PORTFOLIO_PATHS.assetHoldings, async (request) => {
      if (request.query.assetType === 'USSTOCK') await gate;
      return { body: { status: 'success', data: request.query.assetType === 'USSTOCK' ? usHoldings([aaplHolding()]) : holdings() } };
    });
    renderPage(<PortfolioPage />, { api, language: 'en' });
    const section = await screen.findByRole('region', { name: 'US stock holdings' });
    expect(within(section).getByLabelText('Loading')).toBeInTheDocument();
    act(release);
    expect(await screen.findByTestId('us-holding-AAPL')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'US stock holdings' })).queryByLabelText('Loading')).not.toBeInTheDocument();
  });

  it('adds the dollars to the overview: the USD balance, each market with its Rupiah, the rate used', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi({ overview: overviewWithUs(), usHoldings: usHoldings([aaplHolding()]) }), language: 'en' });
    expect(await screen.findByTestId('total-value')).toHaveTextContent('Rp18,898,935');
    expect(screen.getByTestId('overview-usd-cash')).toHaveTextContent('$99.50≈ Rp1,616,875');
    expect(screen.getByTestId('overview-invested')).toHaveTextContent('Rp13,350,000');
    const crypto = screen.getByTestId('overview-market-CRYPTO');
    expect(crypto).toHaveTextContent('Crypto');
    expect(within(crypto).getByTestId('market-value')).toHaveTextContent('Rp6,200,000');
    const us = screen.getByTestId('overview-market-USSTOCK');
    expect(us).toHaveTextContent('US stocks');
    expect(within(us).getByTestId('market-value')).toHaveTextContent('$440.00≈ Rp7,150,000');
    expect(within(us).getByTestId('market-unrealized')).toHaveTextContent('+$39.60 (+9.89%)');
    expect(within(us).getByTestId('market-unrealized-idr')).toHaveTextContent('≈ +Rp643,500');
    expect(within(us).getByTestId('market-realized')).toHaveTextContent('+$4.39');
    expect(screen.getByTestId('overview-rate-note')).toHaveTextContent('at Rp16,250 per US$1');
  });

  it('names no rate when no dollar figure is shown', async () => {
    renderPage(<PortfolioPage />, { api: portfolioApi(), language: 'en' });
    await screen.findByTestId('total-value');
    expect(screen.queryByTestId('overview-usd-cash')).not.toBeInTheDocument();
    expect(screen.queryByTestId('overview-rate-note')).not.toBeInTheDocument();
  });

  it('lists the US fills in dollars when the history is switched to US stocks, and remembers the market', async () => {
    const api = portfolioApi({
      usHoldings: usHoldings([aaplHolding()]),
      usHistory: usHistoryPage([usFill(), usFill({ id: 'u1', side: 'BUY', quantity: '2.5', price: '200', amount: '500', fee: '0.5', tax: '0', total: '500.5', realizedPnl: null })]),
    });
    const { user } = renderPage(<PortfolioPage />, { api, language: 'en' });
    await screen.findAllByTestId('history-row');
    await user.selectOptions(screen.getByLabelText('Market'), 'USSTOCK');
    await waitFor(() => expect(api.callsTo('GET', PORTFOLIO_PATHS.positionHistory).at(-1)?.query.assetType).toBe('USSTOCK'));
    const table = await screen.findByTestId('position-history');
    await waitFor(() => expect(within(table).getAllByTestId('history-row')[0]).toHaveTextContent('AAPL'));
    const [sell, buy] = within(table).getAllByTestId('history-row');
    expect(within(table).getByRole('columnheader', { name: 'Stock' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Commission + fees' })).toBeInTheDocument();
    expect(sell).toHaveTextContent('Sell');
    expect(sell).toHaveTextContent('$210.00');
    expect(sell).toHaveTextContent('$104.49');
    // Commission 0.50 + regulatory fee 0.01.
    expect(sell).toHaveTextContent('$0.51');
    expect(sell).toHaveTextContent('▲ +$4.39 gain');
    expect(buy).toHaveTextContent('2.5');
    expect(buy).toHaveTextContent('–');
    // The symbol filter offers the market's own symbols.
    const filter = screen.getByLabelText('Asset');
    expect(within(filter).getByRole('option', { name: 'AAPL' })).toBeInTheDocument();
    expect(within(filter).queryByRole('option', { name: 'BTC-IDR' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`positionHistory_${USER_ID}`) ?? 'null')).toEqual({ assetType: 'USSTOCK', symbol: null });
  });

  it('does not welcome as new someone who holds only US stocks', async () => {
    const api = portfolioApi({ overview: overviewWithUs(), holdings: holdings([]), usHoldings: usHoldings([aaplHolding()]), history: historyPage([]) });
    renderPage(<PortfolioPage />, { api, language: 'en' });
    expect(await screen.findByTestId('us-holding-AAPL')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start trading' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'No crypto yet' })).toBeInTheDocument();
  });
});
