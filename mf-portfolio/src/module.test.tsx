import { registerTranslations } from '@pasar/shared';
import { screen } from '@testing-library/react';
import portfolioModule from './module';
import { emptyOverview, historyPage, holdings, portfolioApi, renderPage } from './testing/portfolio-fixtures';

jest.mock('@pasar/shared', () => ({ ...jest.requireActual('@pasar/shared'), usePrivateStream: () => undefined }));

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
  const newInvestor = () => portfolioApi({ overview: emptyOverview(), holdings: holdings([]), history: historyPage([]) });

  it('shows its heading and an honest empty state in Indonesian', async () => {
    renderPage(<Component />, { route: '/portfolio', api: newInvestor() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portofolio' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Belum ada aset' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mulai trading' })).toHaveAttribute('href', '/trade');
  });

  it('shows its heading and an honest empty state in English', async () => {
    renderPage(<Component />, { route: '/portfolio', language: 'en', api: newInvestor() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'No holdings yet' })).toBeInTheDocument();
    expect(screen.getByText('An overview of everything you hold, across every market.')).toBeInTheDocument();
  });
});
