// Builders of the wallet API's answers for the page tests, and the page rendered as the shell
// would for a signed-in user (so the balance refresh after a money move really calls the API).
import { registerTranslations, type BankAccount, type Cashout, type CashoutLimit, type TopUp, type TopUpMethod, type WalletBalanceResponse } from '@pasar/shared';
import { renderWithShell, type RenderWithShellOptions, type TestApiClient } from '@pasar/shared/testing';
import type { ReactElement } from 'react';
import { WALLET_NAMESPACE, walletTranslations } from '../i18n';

export const registerWalletTranslations = () => registerTranslations(WALLET_NAMESPACE, walletTranslations);

export const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' as const } };

export const renderPage = (ui: ReactElement, options: RenderWithShellOptions = {}) => renderWithShell(ui, { auth: SIGNED_IN, ...options });

const zeroWallet = { usdCash: '0', usdMargin: '0', idrCash: '0', buyingPower: '0', usdIdrPrice: '16250' };

export const walletBalance = (over: Partial<WalletBalanceResponse> = {}): WalletBalanceResponse => ({
  cashAccount: { cashBalance: '1500000', voucherBalance: '25000', freeBalance: '0', cashOnHold: '20000000', ...over.cashAccount },
  stockWallets: {
    paln: { ...zeroWallet, usdCash: '1234.56', idrCash: '20000000', buyingPower: '1234.56' },
    leverage: { ...zeroWallet, usdCash: '100', idrCash: '1620000', buyingPower: '200' },
    intraday: { ...zeroWallet },
  },
  stockWalletsAvailable: true,
  perp: { buyingPower: '50.5', marginRatioPercentage: '0', walletBalance: '50.5', availableBalance: '50.5', unrealizedPnl: '0', positionMargin: '0' },
  usdtIdrPrice: '16300',
  usdIdrPrice: '16250',
  totalIdr: '45468150',
  totalUsd: '2798.04',
  netWorth: {
    totalIdr: '45468150',
    parts: [
      { key: 'IDR_CASH', valueIdr: '21525000' },
      { key: 'USD_WALLETS', valueIdr: '21620000' },
      { key: 'USDT_MARGIN', valueIdr: '823150' },
      { key: 'CRYPTO', valueIdr: '1500000' },
      { key: 'USSTOCK', valueIdr: '0' },
    ],
    usdIdr: '16250.00',
    usdtIdr: '16300.00',
    at: Date.parse('2026-11-22T08:00:00.000Z'),
  },
  updatedAt: Date.parse('2026-11-22T08:00:00.000Z'),
  ...over,
});

export const emptyBalance = (): WalletBalanceResponse =>
  walletBalance({
    cashAccount: { cashBalance: '0', voucherBalance: '0', freeBalance: '0', cashOnHold: '0' },
    stockWallets: { paln: zeroWallet, leverage: zeroWallet, intraday: zeroWallet },
    stockWalletsAvailable: false,
    perp: { buyingPower: '0', marginRatioPercentage: '0', walletBalance: '0', availableBalance: '0', unrealizedPnl: '0', positionMargin: '0' },
    totalIdr: '0',
    totalUsd: '0',
    netWorth: { totalIdr: '0', parts: [{ key: 'IDR_CASH', valueIdr: '0' }], usdIdr: '16250.00', usdtIdr: '16300.00', at: 0 },
  });

export const method = (over: Partial<TopUpMethod> = {}): TopUpMethod => ({
  channel: 'BCA_VA',
  kind: 'VIRTUAL_ACCOUNT',
  name: 'BCA Virtual Account',
  bankCode: '014',
  minAmount: '10000',
  maxAmount: '50000000',
  fee: '4000',
  enabled: true,
  ...over,
});

export const topUp = (over: Partial<TopUp> = {}): TopUp => ({
  id: 't1',
  channel: 'BCA_VA',
  amount: '150000',
  fee: '4000',
  totalToPay: '154000',
  paymentCode: '01408123456789',
  status: 'PENDING',
  expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
  createdAt: '2026-11-22T08:00:00.000Z',
  paidAt: null,
  steps: [
    { id: 'Buka BCA mobile, pilih m-Transfer', en: 'Open BCA mobile, choose m-Transfer' },
    { id: 'Masukkan nomor virtual account', en: 'Enter the virtual account number' },
  ],
  canSimulate: false,
  ...over,
});

export const cashoutLimit = (over: Partial<CashoutLimit> = {}): CashoutLimit => ({
  dailyLimit: '100000000',
  usedToday: '0',
  remainingToday: '100000000',
  minAmount: '10000',
  fee: '2500',
  autoApproveMax: '10000000',
  available: '1500000',
  ...over,
});

export const bankAccount = (over: Partial<BankAccount> = {}): BankAccount => ({
  id: '3f1c2f7e-5a43-4d2b-9a55-0a1b2c3d4e5f',
  bankCode: '014',
  bankName: 'BCA',
  accountNumber: '1234567890',
  holderName: 'Budi Santoso',
  primary: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...over,
});

export const cashout = (over: Partial<Cashout> = {}): Cashout => ({
  id: 'c1',
  amount: '500000',
  fee: '2500',
  amountReceived: '497500',
  status: 'PAID',
  bankAccount: { id: bankAccount().id, bankCode: '014', bankName: 'BCA', maskedAccountNumber: '•••• 7890', holderName: 'Budi Santoso' },
  autoApproved: true,
  rejectionReason: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  decidedAt: '2026-11-22T08:00:01.000Z',
  ...over,
});

/** A reply that waits until `release()`: the page's loading state can be seen meanwhile. */
export function deferred(api: TestApiClient, method: 'GET' | 'POST', path: string, data: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.on(method, path, async () => {
    await gate;
    return { body: { status: 'success', data } };
  });
  return () => release();
}
