// The whole portfolio's new figures as a reader meets them: the total in Rupiah with its dollar
// equivalent and the day's change with its sign and a word; the allocation as a donut with a table
// beside it (by market, then by asset), each part named, valued and its share; the value over time
// by range, the change said with sign and word, an empty state before the first recorded day, and a
// retry after a failure.
import { PORTFOLIO_PATHS } from '@pasar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { overview, pocketHoldings, registerPortfolioTranslations, renderPage, valueHistory } from '../testing/portfolio-fixtures';
import { createTestApiClient } from '@pasar/shared/testing';
import { AllocationCard } from './AllocationCard';
import { OverviewCard } from './OverviewCard';
import { PocketsCard } from './PocketsCard';
import { ValueHistoryCard } from './ValueHistoryCard';

beforeAll(registerPortfolioTranslations);

describe('the total across wallets', () => {
  it('shows the dollar equivalent and a day change with its sign and the word for it', () => {
    renderPage(<OverviewCard data={overview({ dayChange: { valueIdr: '-25000', percent: '-0.25', since: '2026-11-21' } })} />, { language: 'en' });
    expect(screen.getByTestId('total-value')).toHaveTextContent('Rp10,132,060');
    expect(screen.getByTestId('total-value-usd')).toHaveTextContent('about $623.51');
    const change = screen.getByTestId('overview-day-change');
    expect(change).toHaveTextContent('-Rp25,000 (-0.25%)');
    expect(change).toHaveTextContent('loss');
    expect(screen.getByText('Change since 21 Nov 2026')).toBeInTheDocument();
  });

  it('names a market without its realized figure instead of showing zero', () => {
    const data = overview();
    const cfd = { ...data.markets[2]!, investedValue: '120', costBasis: '100', unrealizedPnl: '20', unrealizedPnlPercent: '20', idr: { investedValue: '1950000', costBasis: '1625000', unrealizedPnl: '325000', realizedPnl: null } };
    renderPage(<OverviewCard data={{ ...data, markets: [data.markets[0]!, data.markets[1]!, cfd, data.markets[3]!, data.markets[4]!] }} />, { language: 'en' });
    const row = screen.getByTestId('overview-market-USSTOCK_CFD');
    expect(row).toHaveTextContent('US stock CFDs (2x, 4x)');
    expect(within(row).getByTestId('market-realized')).toHaveTextContent('Not available yet');
    expect(screen.queryByTestId('overview-market-IDSS')).not.toBeInTheDocument();
  });
});

describe('the allocation', () => {
  it('draws the parts by market with a table of names, values and shares, and switches to assets', async () => {
    const user = userEvent.setup();
    renderPage(<AllocationCard allocation={overview().allocation} />, { language: 'en' });
    expect(screen.getByRole('img', { name: 'Allocation chart By market: Crypto 61.19%, Rupiah (with what is on hold) 38.81%' })).toBeInTheDocument();
    expect(screen.getByTestId('allocation-row-CRYPTO')).toHaveTextContent('CryptoRp6,200,00061.19%');
    expect(screen.getByRole('button', { name: 'By market' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'By asset' }));
    expect(screen.getByRole('button', { name: 'By asset' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('allocation-row-IDR')).toHaveTextContent('RupiahRp3,932,06038.81%');
    expect(screen.getByTestId('allocation-row-BTC')).toHaveTextContent('BTCRp3,300,00032.57%');
    expect(screen.getByTestId('allocation-donut').querySelectorAll('[data-slice]')).toHaveLength(3);
  });

  it('lists a part below zero without drawing it, and says why', () => {
    renderPage(
      <AllocationCard allocation={{ byMarket: [{ key: 'IDR_CASH', valueIdr: '1000', percent: '100' }, { key: 'US_CFD', valueIdr: '-200', percent: '0' }], byAsset: [] }} />,
      { language: 'id' },
    );
    expect(screen.getByTestId('allocation-row-US_CFD')).toHaveTextContent('-Rp200');
    expect(screen.getByTestId('allocation-donut').querySelectorAll('[data-slice]')).toHaveLength(1);
    expect(screen.getByText('Bagian bernilai negatif (rugi posisi bermargin) tidak digambar di diagram.')).toBeInTheDocument();
  });
});

describe('the value over time', () => {
  it('asks for the chosen range and says the change with its sign and word', async () => {
    const user = userEvent.setup();
    const api = createTestApiClient().on('GET', PORTFOLIO_PATHS.valueHistory, (request) => ({
      body: { status: 'success', data: request.query.range === '1Y' ? valueHistory({ range: '1Y', change: { valueIdr: '-500000', percent: '-4.7' }, points: [{ day: '2025-11-22', valueIdr: '10632060' }, { day: '2026-11-22', valueIdr: '10132060' }] }) : valueHistory() },
    }));
    renderPage(<ValueHistoryCard />, { api, language: 'en' });
    expect(await screen.findByTestId('value-history-change')).toHaveTextContent('▲ +Rp132,060 (+1.32%) gain');
    expect(screen.getByRole('img', { name: 'Portfolio value over 1 month: from Rp10,000,000 on 20 Nov 2026 to Rp10,132,060 on 22 Nov 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '1 year' }));
    await waitFor(() => expect(screen.getByTestId('value-history-change')).toHaveTextContent('▼ -Rp500,000 (-4.70%) loss'));
    expect(api.callsTo('GET', PORTFOLIO_PATHS.valueHistory).map((c) => c.query.range)).toEqual(['1M', '1Y']);
    expect(screen.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when there is no recorded day yet', async () => {
    const api = createTestApiClient().reply('GET', PORTFOLIO_PATHS.valueHistory, valueHistory({ points: [{ day: '2026-11-22', valueIdr: '0' }], change: null }));
    renderPage(<ValueHistoryCard />, { api, language: 'id' });
    expect(await screen.findByRole('heading', { name: 'Riwayat nilai belum ada' })).toBeInTheDocument();
  });

  it('offers a retry when the call fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const api = createTestApiClient().on('GET', PORTFOLIO_PATHS.valueHistory, () =>
      fail ? { status: 400, body: { status: 'error', error_code: '002', error_message: 'Invalid input' } } : { body: { status: 'success', data: valueHistory() } },
    );
    const user = userEvent.setup();
    renderPage(<ValueHistoryCard />, { api, language: 'en' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Invalid input')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('value-history-change')).toHaveTextContent('+Rp132,060');
  });
});

describe('holdings by wallet', () => {
  it('lists each wallet with its balance, what it holds with the P&L in words, and its value in Rupiah', async () => {
    const api = createTestApiClient().reply('GET', PORTFOLIO_PATHS.pocketHoldings, pocketHoldings());
    renderPage(<PocketsCard />, { api, language: 'en' });
    const paln = await screen.findByTestId('pocket-PALN');
    expect(paln).toHaveTextContent('US stocks (no leverage)');
    expect(paln).toHaveTextContent('AAPL · 2 · $440.00');
    expect(paln).toHaveTextContent('≈ Rp8,766,875');
    expect(screen.getByTestId('pocket-LEVERAGE')).toHaveTextContent('No positions');
    const margin = screen.getByTestId('pocket-MARGIN');
    expect(margin).toHaveTextContent('BTCUSDT-PERP · 0.1 · ₮210');
    expect(margin).toHaveTextContent('loss');
  });
});
