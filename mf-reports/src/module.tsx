// The one module this remote exposes (`./Module`): transaction history and tax reports.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { REPORTS_NAMESPACE, reportsTranslations } from './i18n';

const TransactionHistoryPage = lazy(() =>
  import('./pages/TransactionHistoryPage').then((m) => ({ default: m.TransactionHistoryPage })),
);
const TaxReportsPage = lazy(() => import('./pages/TaxReportsPage').then((m) => ({ default: m.TaxReportsPage })));

export default defineRemoteModule({
  id: 'mf_reports',
  namespace: REPORTS_NAMESPACE,
  routes: [
    { path: '/transaction-history', Component: TransactionHistoryPage, auth: true },
    { path: '/tax-reports', Component: TaxReportsPage, auth: true },
  ],
  nav: [{ path: '/transaction-history', labelKey: 'nav.reports', order: 40 }],
  i18n: reportsTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
