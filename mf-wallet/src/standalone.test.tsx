// The standalone dev page (shared's renderStandalone) with this remote: prefix-aware routing.
import { api, currentLanguage, renderStandalone, setLanguage } from '@pasar/shared';
import { createTestApiClient } from '@pasar/shared/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import walletModule from './module';

let root: Root | undefined;
let container: HTMLElement;

// The pages call the API; here it answers from memory (everything unmocked: error states).
const previousAdapter = api.axios.defaults.adapter;
beforeAll(() => api.configure({ adapter: createTestApiClient().adapter }));
afterAll(() => {
  api.axios.defaults.adapter = previousAdapter;
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  container.remove();
  window.history.replaceState(null, '', '/');
  await setLanguage('id');
});

const start = async (url: string) => {
  window.history.replaceState(null, '', url);
  await act(async () => {
    root = renderStandalone(walletModule, { container });
  });
};

describe('standalone wallet', () => {
  it('says which remote it is and renders its page in Indonesian at an unprefixed path', async () => {
    await start('/balance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saldo' })).toBeInTheDocument();
    expect(screen.getByText('Remote mf_wallet berjalan sendiri, tanpa shell')).toBeInTheDocument();
    expect(currentLanguage()).toBe('id');
  });

  it('speaks English under /en and keeps the prefix on links', async () => {
    await start('/en/balance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument();
    expect(currentLanguage()).toBe('en');

    await userEvent.click(screen.getByRole('link', { name: 'Top up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up balance' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/balance/topup');
  });

  it('keeps the mobile-web prefix too', async () => {
    await start('/pwa/en/balance/topup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Top up balance' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to balance' }));
    expect(window.location.pathname).toBe('/pwa/en/balance');
  });

  it('sends / to the remote’s first page', async () => {
    await start('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saldo' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/balance');
  });

  it('sends / to the remembered language', async () => {
    await setLanguage('en');
    await start('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/balance');
  });
});
