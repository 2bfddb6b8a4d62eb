import { IDX_PATHS } from '@pasar/shared/contract/idx-paths';
import { createTestApiClient } from '@pasar/shared/testing';
import { screen, within } from '@testing-library/react';
import { registerPortfolioTranslations, renderPage } from '../testing/portfolio-fixtures';
import { IdxHoldingsCard } from './IdxHoldingsCard';

beforeAll(registerPortfolioTranslations);

const POSITION = {
  items: [
    {
      stockId: 1,
      symbol: 'BBCA',
      name: 'Bank Central Asia Tbk.',
      quantity: '100',
      lots: '1',
      availableQuantity: '100',
      averageCost: '9038.56',
      costBasis: '903856',
      lastPrice: '9100',
      marketValue: '910000',
      unrealizedPnl: '6144',
      unrealizedPnlPercent: '0.68',
    },
  ],
  totalValue: '910000',
  totalCost: '903856',
  totalUnrealizedPnl: '6144',
  updatedAt: 0,
};
const WALLET = { cash: '3000000', unsettled: '897750', unsettledByDate: [{ settlementDate: '2026-12-02', amount: '897750' }], withdrawable: '3000000' };

describe('the IDX holdings card', () => {
  it('shows each holding in IDR with the average cost including fees and the P&L, and the unsettled proceeds with their date', async () => {
    const api = createTestApiClient().reply('GET', IDX_PATHS.userPosition, POSITION).reply('GET', IDX_PATHS.wallet, WALLET);
    renderPage(<IdxHoldingsCard />, { api, language: 'en' });
    const row = await screen.findByTestId('idx-holding-BBCA');
    expect(within(row).getByTestId('idx-holding-lots')).toHaveTextContent('1 lot (100)');
    expect(within(row).getByTestId('idx-holding-average-cost')).toHaveTextContent('Rp9,038');
    expect(within(row).getByTestId('idx-holding-value')).toHaveTextContent('Rp910,000');
    expect(within(row).getByTestId('idx-holding-pnl')).toHaveTextContent('6,144');
    expect(await screen.findByText('Unsettled sale proceeds: Rp897,750')).toBeInTheDocument();
    expect(screen.getByText('Rp897,750 settles Wed, 2 Dec 2026')).toBeInTheDocument();
  });

  it('speaks Indonesian', async () => {
    const api = createTestApiClient().reply('GET', IDX_PATHS.userPosition, POSITION).reply('GET', IDX_PATHS.wallet, WALLET);
    renderPage(<IdxHoldingsCard />, { api, language: 'id' });
    expect(await screen.findByText('Saham Indonesia')).toBeInTheDocument();
  });
});
