import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eventBus } from '@pasar/shared';
import { useShellStore } from '../state/shell-store';
import { renderShell, resetPage, settle, TEST_SITE_BASE } from '../testing/shell-test-kit';

beforeEach(resetPage);

const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const theme = () => document.documentElement.getAttribute('data-theme');

describe('app shell rules', () => {
  it('sets the canonical link without a prefix for Indonesian and follows navigation', async () => {
    await renderShell('/portfolio?x=1');
    await waitFor(() => expect(canonical()).toBe(`${TEST_SITE_BASE}/portfolio`));
    await settle(async () => fireEvent.click(screen.getByRole('link', { name: 'Saldo' })));
    await waitFor(() => expect(canonical()).toBe(`${TEST_SITE_BASE}/balance`));
  });

  it('sets the canonical link with /en for English', async () => {
    await renderShell('/en/trade/USDT-IDR');
    await waitFor(() => expect(canonical()).toBe(`${TEST_SITE_BASE}/en/trade/USDT-IDR`));
  });

  it('points a mobile-web page at its desktop canonical address', async () => {
    await renderShell('/pwa/en/portfolio');
    await waitFor(() => expect(canonical()).toBe(`${TEST_SITE_BASE}/en/portfolio`));
  });

  it('links the manifest and an SVG favicon', async () => {
    await renderShell('/trade');
    await waitFor(() => expect(document.head.querySelector('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest'));
    expect(document.head.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  it('sends / to the trade home, keeping the prefix and the query', async () => {
    await renderShell('/en?registerUtc=true');
    expect(await screen.findByRole('heading', { name: 'mf_trade /trade' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/en/trade');
    expect(window.location.search).toBe('?registerUtc=true');
  });

  it('keeps the query flags in shell state, true only for the string true', async () => {
    await renderShell('/signup?registerUtc=true&registerRamadan=1&registerTopUp=TRUE&loginSalesforce=true');
    await screen.findByRole('heading', { name: 'Daftar di Pasar' });
    expect(useShellStore.getState().queryFlags).toEqual({
      registerUtc: true,
      registerRamadan: false,
      registerTopUp: false,
      loginSalesforce: true,
    });
  });

  it('flags the signup page as a signup page', async () => {
    await renderShell('/signup');
    await screen.findByRole('heading', { name: 'Daftar di Pasar' });
    expect(useShellStore.getState().page).toEqual({ guest: false, signup: true, auth: false });
  });

  it('hides the layout on a mobile-web route and makes it dark by default', async () => {
    await renderShell('/pwa/trade');
    expect(await screen.findByRole('heading', { name: 'mf_trade /trade' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    // The one navigation left is the bottom bar (BottomNav.test.tsx).
    expect(screen.getByRole('navigation')).toBe(screen.getByTestId('bottom-nav'));
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(theme()).toBe('dark');
  });

  it('makes a mobile-web route light when the query says light', async () => {
    await renderShell('/pwa/en/trade?theme=light');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    expect(theme()).toBe('light');
  });

  it('reads the theme query on the desktop site too', async () => {
    await renderShell('/trade?theme=dark');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    expect(theme()).toBe('dark');
  });

  it('opens the PIN prompt on a 040 error and closes it', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    act(() => eventBus.emit('prompt:pin', { code: '040' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN Anda' });
    await settle(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Tutup' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the accept-terms prompt on a 041 error', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    act(() => eventBus.emit('prompt:pin', { code: '041' }));
    expect(await screen.findByRole('dialog', { name: 'Setujui ketentuan' })).toBeInTheDocument();
  });
});
