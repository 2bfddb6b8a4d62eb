// The one module this remote exposes (`./Module`): the portfolio page, its nav entry and strings.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { PORTFOLIO_NAMESPACE, portfolioTranslations } from './i18n';

const PortfolioPage = lazy(() => import('./pages/PortfolioPage').then((m) => ({ default: m.PortfolioPage })));

export default defineRemoteModule({
  id: 'mf_portfolio',
  namespace: PORTFOLIO_NAMESPACE,
  routes: [{ path: '/portfolio', Component: PortfolioPage, auth: true }],
  nav: [{ path: '/portfolio', labelKey: 'nav.portfolio', order: 20 }],
  i18n: portfolioTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
