import { registerTranslations } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen } from '@testing-library/react';
import portfolioModule from './module';

beforeAll(() => registerTranslations(portfolioModule.namespace, portfolioModule.i18n));

describe('portfolio module', () => {
  it('is mf_portfolio with the portfolio namespace', () => {
    expect(portfolioModule.id).toBe('mf_portfolio');
    expect(portfolioModule.namespace).toBe('portfolio');
  });

  it('lists exactly its spec route, for logged-in users', () => {
    expect(portfolioModule.routes.map(({ path, guest, auth }) => ({ path, guest, auth }))).toEqual([
      { path: '/portfolio', guest: undefined, auth: true },
    ]);
  });

  it('offers the portfolio in the navigation', () => {
    expect(portfolioModule.nav).toEqual([{ path: '/portfolio', labelKey: 'nav.portfolio', order: 20 }]);
  });
});

describe('portfolio page', () => {
  const { Component } = portfolioModule.routes[0];

  it('shows its heading and an honest empty state in Indonesian', async () => {
    renderWithShell(<Component />, { route: '/portfolio' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portofolio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Belum ada aset' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mulai trading' })).toHaveAttribute('href', '/trade');
  });

  it('shows its heading and an honest empty state in English', async () => {
    renderWithShell(<Component />, { route: '/portfolio', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No holdings yet' })).toBeInTheDocument();
    expect(screen.getByText('An overview of everything you hold, across every market.')).toBeInTheDocument();
  });
});
