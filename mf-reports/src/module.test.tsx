import { registerTranslations, Route, Routes } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import reportsModule from './module';

beforeAll(() => registerTranslations(reportsModule.namespace, reportsModule.i18n));

describe('reports module', () => {
  it('is mf_reports with the reports namespace', () => {
    expect(reportsModule.id).toBe('mf_reports');
    expect(reportsModule.namespace).toBe('reports');
  });

  it('lists exactly its spec routes, for logged-in users', () => {
    expect(reportsModule.routes.map(({ path, guest, auth }) => ({ path, guest, auth }))).toEqual([
      { path: '/transaction-history', guest: undefined, auth: true },
      { path: '/tax-reports', guest: undefined, auth: true },
    ]);
  });

  it('offers the reports in the navigation', () => {
    expect(reportsModule.nav).toEqual([{ path: '/transaction-history', labelKey: 'nav.reports', order: 40 }]);
  });
});

// Each page reads the API: their states are in TransactionHistoryPage.test.tsx and TaxReportsPage.test.tsx.

it('moves between the two reports and marks the current one', async () => {
  const { user } = renderWithShell(
    <Suspense>
      <Routes>
        {reportsModule.routes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
    </Suspense>,
    { route: '/transaction-history', language: 'en' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Transaction history' });
  const reports = screen.getByRole('navigation', { name: 'Reports' });
  expect(within(reports).getByRole('link', { name: 'Transaction history' })).toHaveAttribute('aria-current', 'page');

  await user.click(within(reports).getByRole('link', { name: 'Tax reports' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Tax reports' })).toBeInTheDocument();
});
