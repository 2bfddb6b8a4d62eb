import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setCookie } from '@pasar/shared';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

type Listener = (event: { matches: boolean }) => void;

/** A matchMedia whose dark-scheme answer the test flips, telling its listeners as a browser does. */
function fakeScheme(initiallyDark: boolean, { legacy = false } = {}) {
  let dark = initiallyDark;
  const listeners = new Set<Listener>();
  const list = (query: string) => {
    const base = {
      media: query,
      get matches() {
        return query.includes('dark') ? dark : false;
      },
    };
    return legacy
      ? { ...base, addListener: (l: Listener) => listeners.add(l), removeListener: (l: Listener) => listeners.delete(l) }
      : {
          ...base,
          addEventListener: (_: string, l: Listener) => listeners.add(l),
          removeEventListener: (_: string, l: Listener) => listeners.delete(l),
        };
  };
  Object.defineProperty(window, 'matchMedia', { value: jest.fn(list), configurable: true });
  return {
    listeners,
    async set(next: boolean) {
      dark = next;
      await act(async () => listeners.forEach((listener) => listener({ matches: next })));
    },
  };
}

const theme = () => document.documentElement.getAttribute('data-theme');

beforeEach(resetPage);
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('the theme follows the OS while no theme was chosen', () => {
  it('switches live both ways', async () => {
    const os = fakeScheme(false);
    await renderShell('/trade');
    await waitFor(() => expect(theme()).toBe('light'));
    await os.set(true);
    expect(theme()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Ganti ke tema terang' })).toBeInTheDocument();
    await os.set(false);
    expect(theme()).toBe('light');
  });

  it('works with the older addListener API', async () => {
    const os = fakeScheme(false, { legacy: true });
    await renderShell('/trade');
    await os.set(true);
    expect(theme()).toBe('dark');
  });

  it('keeps a saved choice (the theme cookie)', async () => {
    setCookie('theme', 'light');
    const os = fakeScheme(false);
    await renderShell('/trade');
    await os.set(true);
    expect(theme()).toBe('light');
  });

  it('stops following once the person picks a theme with the switch', async () => {
    const os = fakeScheme(false);
    await renderShell('/trade');
    await settle(async () => fireEvent.click(await screen.findByRole('button', { name: 'Ganti ke tema gelap' })));
    expect(theme()).toBe('dark');
    await os.set(false);
    expect(theme()).toBe('dark');
  });

  it('keeps the theme the URL asked for', async () => {
    const os = fakeScheme(true);
    await renderShell('/trade?theme=light');
    await waitFor(() => expect(theme()).toBe('light'));
    await os.set(true);
    expect(theme()).toBe('light');
  });

  it('leaves mobile-web pages dark', async () => {
    const os = fakeScheme(true);
    await renderShell('/pwa/trade');
    await waitFor(() => expect(theme()).toBe('dark'));
    await os.set(false);
    expect(theme()).toBe('dark');
  });

  it('stops listening when the shell goes away', async () => {
    const os = fakeScheme(false);
    const shell = await renderShell('/trade');
    expect(os.listeners.size).toBeGreaterThan(0);
    shell.unmount();
    expect(os.listeners.size).toBe(0);
  });
});
