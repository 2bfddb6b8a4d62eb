// The one module this remote exposes (`./Module`): the whole /balance subtree — balance, top-up
// and its payment instructions, cashout, transfers between wallets — with nav and strings.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { WALLET_NAMESPACE, walletTranslations } from './i18n';

const BalancePage = lazy(() => import('./pages/BalancePage').then((m) => ({ default: m.BalancePage })));
const TopUpPage = lazy(() => import('./pages/TopUpPage').then((m) => ({ default: m.TopUpPage })));
const TopUpDetailPage = lazy(() => import('./pages/TopUpDetailPage').then((m) => ({ default: m.TopUpDetailPage })));
const CashoutPage = lazy(() => import('./pages/CashoutPage').then((m) => ({ default: m.CashoutPage })));
const TransferPage = lazy(() => import('./pages/TransferPage').then((m) => ({ default: m.TransferPage })));

export default defineRemoteModule({
  id: 'mf_wallet',
  namespace: WALLET_NAMESPACE,
  routes: [
    { path: '/balance', Component: BalancePage, auth: true },
    { path: '/balance/topup', Component: TopUpPage, auth: true },
    { path: '/balance/topup/:id', Component: TopUpDetailPage, auth: true },
    { path: '/balance/cashout', Component: CashoutPage, auth: true },
    { path: '/balance/transfer', Component: TransferPage, auth: true },
  ],
  nav: [{ path: '/balance', labelKey: 'nav.balance', order: 30 }],
  i18n: walletTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
