import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

beforeEach(resetPage);

describe('header', () => {
  it('has the landmarks, the wordmark and a skip link to the main content', async () => {
    await renderShell('/portfolio');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Pasar' })).toHaveAttribute('href', '/trade');
    expect(within(banner).getByRole('navigation', { name: 'Navigasi utama' })).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'Langsung ke konten' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('lists the primary navigation, marking the current section', async () => {
    await renderShell('/en/asset/crypto/BTC/1');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Trade' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/en/portfolio');
    expect(within(nav).getByRole('link', { name: 'Balance' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/en/account');
  });

  it('opens the menu with the keyboard and closes it with Escape, returning focus', async () => {
    const user = userEvent.setup();
    await renderShell('/portfolio');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();

    menu.focus();
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open', 'true');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Trading' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('discloses the two report pages under Reports and closes after following one', async () => {
    const user = userEvent.setup();
    await renderShell('/portfolio');
    const reports = screen.getByRole('button', { name: 'Laporan' });
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Laporan pajak' })).toBeNull();

    await user.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Riwayat transaksi' })).toHaveAttribute('href', '/transaction-history');

    await settle(async () => fireEvent.click(screen.getByRole('link', { name: 'Laporan pajak' })));
    expect(window.location.pathname).toBe('/tax-reports');
    expect(await screen.findByRole('heading', { name: 'mf_reports /tax-reports' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Laporan' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers login to a guest and leads to the login page with a link to sign up', async () => {
    const user = userEvent.setup();
    await renderShell('/trade');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Masuk' }));
    expect(window.location.pathname).toBe('/login');
    // The login and sign-up pages load on their own chunk.
    expect(await screen.findByRole('heading', { level: 1, name: 'Masuk ke Pasar' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Daftar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daftar di Pasar' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Masuk' })).toHaveAttribute('href', '/login');
  });

  it('shows a not-found page for an unknown path, inside the layout', async () => {
    await renderShell('/en/nowhere');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the trading page' })).toHaveAttribute('href', '/en/trade');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
