import { registerTranslations, type Language, Route, Routes } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import walletModule from './module';

beforeAll(() => registerTranslations(walletModule.namespace, walletModule.i18n));

/** The remote's routes, mounted as the shell mounts them. */
function WalletRoutes() {
  return (
    <Suspense>
      <Routes>
        {walletModule.routes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Routes>
    </Suspense>
  );
}

describe('wallet module', () => {
  it('is mf_wallet with the wallet namespace', () => {
    expect(walletModule.id).toBe('mf_wallet');
    expect(walletModule.namespace).toBe('wallet');
  });

  it('lists exactly its spec routes, for logged-in users', () => {
    expect(walletModule.routes.map(({ path, guest, auth }) => ({ path, guest, auth }))).toEqual([
      { path: '/balance', guest: undefined, auth: true },
      { path: '/balance/topup', guest: undefined, auth: true },
    ]);
  });

  it('offers the balance in the navigation', () => {
    expect(walletModule.nav).toEqual([{ path: '/balance', labelKey: 'nav.balance', order: 30 }]);
  });
});

const HEADINGS: { path: string; heading: Record<Language, string> }[] = [
  { path: '/balance', heading: { id: 'Saldo', en: 'Balance' } },
  { path: '/balance/topup', heading: { id: 'Isi saldo', en: 'Top up balance' } },
];

describe.each(['id', 'en'] as const)('every wallet page in %s', (language) => {
  it.each(HEADINGS)('$path shows its translated heading', async ({ path, heading }) => {
    const { Component } = walletModule.routes.find((r) => r.path === path)!;
    renderWithShell(<Component />, { route: path, path, language });
    expect(await screen.findByRole('heading', { level: 1, name: heading[language] })).toBeInTheDocument();
  });
});

describe('balance page', () => {
  it('leads to top-up and shows no made-up figures', async () => {
    const { user } = renderWithShell(<WalletRoutes />, { route: '/balance', language: 'en' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Balance details arrive soon' })).toBeInTheDocument();
    expect(screen.queryByText(/Rp/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Top up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up balance' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to balance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument();
  });
});
