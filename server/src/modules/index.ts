// The API's domain modules, registered in this order under `/api`. A new module is a folder
// `modules/<domain>/` whose index.ts exports a plugin that wires repo -> service -> routes;
// add it here.
import type { FastifyPluginAsync } from 'fastify';
import { accountModule } from './account';
import { healthModule } from './health';
import { identityModule } from './identity';
import { marketModule } from './market';
import { streamModule } from './stream';
import { walletModule } from './wallet';
import { fxWalletModule } from './fx-wallet';
import { cryptoModule } from './crypto';
import { perpsModule } from './perps';
import { portfolioModule } from './portfolio';
import { usStockModule } from './us-stock';
import { idxModule } from './idx';
import { watchlistModule } from './watchlist';
import { priceAlertModule } from './price-alerts';
import { reportsModule } from './reports';
import { chartsModule } from './charts';

export const apiModules: readonly FastifyPluginAsync[] = [
  healthModule,
  // Before identity: its language fallback (a signed-in user's preference) and `app.account`
  // (notifications) then reach identity's routes too.
  accountModule,
  identityModule,
  marketModule,
  streamModule,
  walletModule,
  fxWalletModule,
  cryptoModule,
  perpsModule,
  usStockModule,
  idxModule,
  portfolioModule,
  watchlistModule,
  priceAlertModule,
  reportsModule,
  chartsModule,
];
