// The one module this remote exposes (`./Module`): routes, nav and translations of trading.
// Pages load lazily so the first chunk the shell fetches stays small.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { TRADE_NAMESPACE, tradeTranslations } from './i18n';

const TradeHomePage = lazy(() => import('./pages/TradeHomePage').then((m) => ({ default: m.TradeHomePage })));
const ExplorePage = lazy(() => import('./pages/ExplorePage').then((m) => ({ default: m.ExplorePage })));
const CryptoAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.CryptoAssetPage })));
const UsStockAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.UsStockAssetPage })));
const UsIndexAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.UsIndexAssetPage })));

export default defineRemoteModule({
  id: 'mf_trade',
  namespace: TRADE_NAMESPACE,
  routes: [
    { path: '/trade', Component: TradeHomePage, guest: true },
    { path: '/trade/USDT-IDR', Component: ExplorePage, guest: true },
    { path: '/asset/crypto/:symbol/:assetId', Component: CryptoAssetPage, guest: true },
    { path: '/asset/usstock/:symbol/:assetId', Component: UsStockAssetPage, guest: true },
    { path: '/asset/usindex/:symbol/:assetId', Component: UsIndexAssetPage, guest: true },
  ],
  nav: [{ path: '/trade', labelKey: 'nav.trade', order: 10 }],
  i18n: tradeTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
