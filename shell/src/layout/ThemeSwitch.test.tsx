import { fireEvent, screen, waitFor } from '@testing-library/react';
import { appStore, getCookie } from '@pasar/shared';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

beforeEach(resetPage);

const theme = () => document.documentElement.getAttribute('data-theme');

describe('theme switch', () => {
  it('starts light without a saved choice', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    expect(theme()).toBe('light');
  });

  it('switches to dark and keeps it in the cookie across a reload', async () => {
    const first = await renderShell('/trade');
    await settle(async () => fireEvent.click(await screen.findByRole('button', { name: 'Ganti ke tema gelap' })));

    expect(theme()).toBe('dark');
    expect(getCookie('theme')).toBe('dark');
    expect(appStore.getState().theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Ganti ke tema terang' })).toBeInTheDocument();

    // A reload: a fresh shell with only the cookie remembering the choice.
    first.unmount();
    document.documentElement.removeAttribute('data-theme');
    appStore.setState({ theme: 'light' });
    await renderShell('/portfolio');
    await waitFor(() => expect(theme()).toBe('dark'));
    expect(screen.getByRole('button', { name: 'Ganti ke tema terang' })).toBeInTheDocument();
  });

  it('follows the OS preference when there is no cookie', async () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query.includes('dark'), media: query }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      await renderShell('/trade');
      await waitFor(() => expect(theme()).toBe('dark'));
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});
