// The one module this remote exposes (`./Module`): routes, nav and translations of trading.
// The two trade pages are where guests land, so they ship in the exposed chunk itself (one
// round trip fewer before the first meaningful paint); the asset pages load lazily.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { TRADE_NAMESPACE, tradeTranslations } from './i18n';
import { ExplorePage } from './pages/ExplorePage';
import { TradeHomePage } from './pages/TradeHomePage';

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
