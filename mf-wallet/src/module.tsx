// The one module this remote exposes (`./Module`): balance and top-up pages, nav and strings.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { WALLET_NAMESPACE, walletTranslations } from './i18n';

const BalancePage = lazy(() => import('./pages/BalancePage').then((m) => ({ default: m.BalancePage })));
const TopUpPage = lazy(() => import('./pages/TopUpPage').then((m) => ({ default: m.TopUpPage })));

export default defineRemoteModule({
  id: 'mf_wallet',
  namespace: WALLET_NAMESPACE,
  routes: [
    { path: '/balance', Component: BalancePage, auth: true },
    { path: '/balance/topup', Component: TopUpPage, auth: true },
  ],
  nav: [{ path: '/balance', labelKey: 'nav.balance', order: 30 }],
  i18n: walletTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
