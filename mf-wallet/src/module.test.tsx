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
    expect(walletModule.routes.map(({ path, guest, auth }) => ({ path, guest, auth }))).toEqual(
      ['/balance', '/balance/topup', '/balance/topup/:id', '/balance/cashout', '/balance/transfer'].map((path) => ({
        path,
        guest: undefined,
        auth: true,
      })),
    );
  });

  it('offers the balance in the navigation', () => {
    expect(walletModule.nav).toEqual([{ path: '/balance', labelKey: 'nav.balance', order: 30 }]);
  });
});

const HEADINGS: { path: string; route: string; heading: Record<Language, string> }[] = [
  { path: '/balance', route: '/balance', heading: { id: 'Saldo', en: 'Balance' } },
  { path: '/balance/topup', route: '/balance/topup', heading: { id: 'Isi saldo', en: 'Top up balance' } },
  { path: '/balance/topup/:id', route: '/balance/topup/t1', heading: { id: 'Instruksi pembayaran', en: 'Payment instructions' } },
  { path: '/balance/cashout', route: '/balance/cashout', heading: { id: 'Tarik dana', en: 'Cash out' } },
  { path: '/balance/transfer', route: '/balance/transfer', heading: { id: 'Pindah dana', en: 'Transfer' } },
];

describe.each(['id', 'en'] as const)('every wallet page in %s', (language) => {
  it.each(HEADINGS)('$path shows its translated heading', async ({ path, route, heading }) => {
    const { Component } = walletModule.routes.find((r) => r.path === path)!;
    renderWithShell(<Component />, { route, path, language });
    expect(await screen.findByRole('heading', { level: 1, name: heading[language] })).toBeInTheDocument();
  });

  it('gives every page its own heading', () => {
    expect(new Set(HEADINGS.map((h) => h.heading[language])).size).toBe(walletModule.routes.length);
  });
});

describe('balance page', () => {
  it('leads to top-up, cashout and transfer, and back; no made-up figures when the balance cannot load', async () => {
    const { user } = renderWithShell(<WalletRoutes />, { route: '/balance', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Retry' })).not.toHaveLength(0);
    expect(screen.queryByText(/Rp/)).not.toBeInTheDocument();

    for (const [link, heading] of [
      ['Top up', 'Top up balance'],
      ['Cash out', 'Cash out'],
      ['Transfer', 'Transfer'],
    ]) {
      await user.click(screen.getByRole('link', { name: link }));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Back to balance' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument();
    }
  });
});
