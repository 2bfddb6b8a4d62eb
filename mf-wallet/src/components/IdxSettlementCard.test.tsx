import { IDX_PATHS } from '@pasar/shared/contract/idx-paths';
import { createTestApiClient } from '@pasar/shared/testing';
import { screen } from '@testing-library/react';
import { registerWalletTranslations, renderPage } from '../testing/wallet-fixtures';
import { IdxSettlementCard } from './IdxSettlementCard';

beforeAll(registerWalletTranslations);

const UNSETTLED = {
  cash: '1500000',
  unsettled: '897750',
  unsettledByDate: [{ settlementDate: '2026-12-02', amount: '897750' }],
  withdrawable: '1500000',
};

describe('the IDX settlement card', () => {
  it('shows cash, the unsettled proceeds with their settlement date, and what may be withdrawn', async () => {
    renderPage(<IdxSettlementCard />, { api: createTestApiClient().reply('GET', IDX_PATHS.wallet, UNSETTLED), language: 'en' });
    expect(await screen.findByTestId('idx-unsettled')).toHaveTextContent('897,750');
    expect(screen.getByText('Settles Wed, 2 Dec 2026')).toBeInTheDocument();
    expect(screen.getByTestId('idx-unsettled-2026-12-02')).toHaveTextContent('897,750');
    expect(screen.getByTestId('idx-withdrawable')).toHaveTextContent('1,500,000');
  });

  it('says it in Indonesian too', async () => {
    renderPage(<IdxSettlementCard />, { api: createTestApiClient().reply('GET', IDX_PATHS.wallet, UNSETTLED), language: 'id' });
    expect(await screen.findByText('Belum diselesaikan')).toBeInTheDocument();
    expect(screen.getByText('Dapat ditarik')).toBeInTheDocument();
  });

  it('shows nothing while nothing is unsettled', async () => {
    const api = createTestApiClient().reply('GET', IDX_PATHS.wallet, { cash: '1500000', unsettled: '0', unsettledByDate: [], withdrawable: '1500000' });
    renderPage(<IdxSettlementCard />, { api, language: 'en' });
    await screen.findByRole('main').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo('GET', IDX_PATHS.wallet)).toHaveLength(1);
    expect(screen.queryByTestId('idx-settlement')).not.toBeInTheDocument();
  });
});
