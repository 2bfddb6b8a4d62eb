// The mobile-web (`/pwa`) bottom navigation: the main sections, keeping the prefix, the current one
// marked; it gives its height to the page (for the trade page's Buy/Sell bar) and only shows there.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

beforeEach(resetPage);

const bottomNav = () => screen.getByTestId('bottom-nav');

describe('the /pwa bottom navigation', () => {
  it('links the main sections under /pwa and marks the current one', async () => {
    await renderShell('/pwa/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    const nav = screen.getByRole('navigation', { name: 'Navigasi utama' });
    expect(nav).toBe(bottomNav());
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Trading', '/pwa/trade'],
      ['Portofolio', '/pwa/portfolio'],
      ['Saldo', '/pwa/balance'],
      ['Akun', '/pwa/account'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Portofolio' })).toHaveAttribute('aria-current', 'page');
    expect(document.documentElement.style.getPropertyValue('--pasar-bottom-nav-height')).not.toBe('');

    await settle(async () => fireEvent.click(within(nav).getByRole('link', { name: 'Saldo' })));
    await waitFor(() => expect(window.location.pathname).toBe('/pwa/balance'));
    expect(within(bottomNav()).getByRole('link', { name: 'Saldo' })).toHaveAttribute('aria-current', 'page');
  });

  it('speaks English under /pwa/en', async () => {
    await renderShell('/pwa/en/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Trade' })).toHaveAttribute('href', '/pwa/en/trade');
    expect(within(nav).getByRole('link', { name: 'Trade' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Balance' })).toHaveAttribute('href', '/pwa/en/balance');
  });

  it('is not on the desktop site, which has the header', async () => {
    await renderShell('/portfolio');
    await screen.findByRole('heading', { name: 'mf_portfolio /portfolio' });
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--pasar-bottom-nav-height')).toBe('');
  });
});
