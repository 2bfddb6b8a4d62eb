// The one module this remote exposes (`./Module`): routes, nav and translations of trading.
// The two trade pages are where guests land, so they ship in the exposed chunk itself (one
// round trip fewer before the first meaningful paint); the asset pages load lazily.
import { assetPathOf, defineRemoteModule, type InstrumentKindValue } from '@pasar/shared';
import { lazy } from 'react';
import { TRADE_NAMESPACE, tradeModuleTranslations, withTradeStrings } from './i18n';
import { ExplorePage } from './pages/ExplorePage';
import { PairPage } from './pages/PairPage';
import { TradeHomePage } from './pages/TradeHomePage';

const CryptoAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.CryptoAssetPage })));
const UsStockAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.UsStockAssetPage })));
const IdxAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.IdxAssetPage })));
const UsIndexAssetPage = lazy(() => import('./pages/AssetPage').then((m) => ({ default: m.UsIndexAssetPage })));

/** An asset page's route: its segment is the market registry's. */
const assetRoute = (kind: InstrumentKindValue) => `/asset/${assetPathOf(kind)}/:symbol/:assetId`;

export default defineRemoteModule({
  id: 'mf_trade',
  namespace: TRADE_NAMESPACE,
  routes: [
    { path: '/trade', Component: withTradeStrings(TradeHomePage), guest: true },
    { path: '/trade/USDT-IDR', Component: withTradeStrings(ExplorePage), guest: true },
    // Every other listed symbol of every market at its pair URL; an unknown one gets the search.
    { path: '/trade/:symbol', Component: withTradeStrings(PairPage), guest: true },
    { path: assetRoute('crypto'), Component: withTradeStrings(CryptoAssetPage), guest: true },
    { path: assetRoute('usstock'), Component: withTradeStrings(UsStockAssetPage), guest: true },
    { path: assetRoute('idx'), Component: withTradeStrings(IdxAssetPage), guest: true },
    { path: assetRoute('usindex'), Component: withTradeStrings(UsIndexAssetPage), guest: true },
  ],
  nav: [{ path: '/trade', labelKey: 'nav.trade', order: 10 }],
  i18n: tradeModuleTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
