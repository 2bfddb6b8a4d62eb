import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore, getCookie, i18n } from '@pasar/shared';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

beforeEach(resetPage);

describe('language switch', () => {
  it('moves to the same page under /en, with <html lang>, the cookie and English text', async () => {
    await renderShell('/portfolio?tab=holdings');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    const switcher = screen.getByRole('group', { name: 'Bahasa' });

    await settle(async () => fireEvent.click(within(switcher).getByRole('link', { name: 'English' })));

    expect(window.location.pathname).toBe('/en/portfolio');
    expect(window.location.search).toBe('?tab=holdings');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(getCookie('language')).toBe('en');
    expect(appStore.getState().language).toBe('en');
    expect(i18n.language).toBe('en');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    // The remote page is still there, and links now carry the prefix.
    expect(screen.getByRole('heading', { name: 'mf_portfolio /portfolio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Balance' })).toHaveAttribute('href', '/en/balance');
  });

  it('goes back to the unprefixed Indonesian path', async () => {
    await renderShell('/en/balance');
    const switcher = await screen.findByRole('group', { name: 'Language' });
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

    await settle(async () => fireEvent.click(within(switcher).getByRole('link', { name: 'Bahasa Indonesia' })));

    expect(window.location.pathname).toBe('/balance');
    await waitFor(() => expect(document.documentElement.lang).toBe('id'));
    expect(getCookie('language')).toBe('id');
    expect(screen.getByRole('link', { name: 'Portofolio' })).toHaveAttribute('href', '/portfolio');
  });

  it('offers real links to the other language of the page', async () => {
    await renderShell('/trade/USDT-IDR');
    const switcher = await screen.findByRole('group', { name: 'Bahasa' });
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/trade/USDT-IDR');
    expect(within(switcher).getByRole('link', { name: 'Bahasa Indonesia' })).toHaveAttribute('href', '/trade/USDT-IDR');
  });

  it('follows the Back button across languages', async () => {
    await renderShell('/portfolio');
    await settle(async () => fireEvent.click(within(await screen.findByRole('group', { name: 'Bahasa' })).getByRole('link', { name: 'English' })));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });

    expect(window.location.pathname).toBe('/portfolio');
    await waitFor(() => expect(document.documentElement.lang).toBe('id'));
    expect(await screen.findByRole('navigation', { name: 'Navigasi utama' })).toBeInTheDocument();
  });
});
