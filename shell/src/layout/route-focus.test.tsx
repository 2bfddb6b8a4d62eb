import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { Link, type RemoteModule } from '@pasar/shared';
import { defaultModules, fakeModule, fakeRuntime, renderShell, resetPage, settle } from '../testing/shell-test-kit';
import { ROUTE_FOCUS_ATTRIBUTE, ROUTE_FOCUS_WAIT_MS } from './use-route-focus';

beforeEach(resetPage);
afterEach(() => jest.useRealTimers());

const nav = () => within(screen.getByRole('banner')).getByRole('navigation', { name: 'Navigasi utama' });

/** A click as a person makes it: a pointer goes down first. */
const press = (element: Element) =>
  settle(async () => {
    fireEvent.pointerDown(element);
    fireEvent.click(element);
  });

function AutofocusField() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <input ref={ref} aria-label="Amount" />;
}

describe('focus after a navigation', () => {
  it('stays put on the first load, even across the redirect of `/`', async () => {
    await renderShell('/');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    expect(window.location.pathname).toBe('/trade');
    expect(document.body).toHaveFocus();
  });

  it('moves to the new page’s h1 after following a link, once the remote has loaded', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    await press(within(nav()).getByRole('link', { name: 'Portofolio' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'mf_portfolio /portfolio' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).toHaveAttribute(ROUTE_FOCUS_ATTRIBUTE);
  });

  it('keeps the field a shell page focuses (login’s phone), and moves to the heading after Back', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    await press(within(screen.getByRole('banner')).getByRole('link', { name: 'Masuk' }));
    expect(screen.getByRole('textbox', { name: /Nomor HP/ })).toHaveFocus();

    await settle(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'mf_trade /trade' })).toHaveFocus());
  });

  it('does not move when only the language changes (same page)', async () => {
    await renderShell('/trade');
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    const english = screen.getByRole('link', { name: 'English' });
    english.focus();
    await press(english);
    expect(window.location.pathname).toBe('/en/trade');
    expect(screen.getByRole('link', { name: 'English' })).toHaveFocus();
  });

  it('leaves a field the new page focused itself', async () => {
    const modules: Record<string, RemoteModule> = defaultModules();
    modules.mf_wallet = fakeModule('mf_wallet', [
      {
        path: '/balance',
        Component: () => (
          <>
            <h1>Top up</h1>
            <AutofocusField />
          </>
        ),
      },
    ]);
    await renderShell('/trade', { runtime: fakeRuntime(modules) });
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    await press(within(nav()).getByRole('link', { name: 'Saldo' }));
    const field = await screen.findByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Top up' })).not.toHaveFocus();
  });

  it('falls back to the main landmark when the page shows no h1 in time', async () => {
    const modules: Record<string, RemoteModule> = defaultModules();
    modules.mf_reports = fakeModule('mf_reports', [
      { path: '/transaction-history', Component: () => <p>No heading here</p> },
      { path: '/tax-reports', Component: () => <Link to="/transaction-history">history</Link> },
    ]);
    await renderShell('/tax-reports', { runtime: fakeRuntime(modules) });
    const link = await screen.findByRole('link', { name: 'history' });
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    await act(async () => {
      fireEvent.pointerDown(link);
      fireEvent.click(link);
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('No heading here')).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveFocus();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(ROUTE_FOCUS_WAIT_MS - 100);
    });
    expect(screen.getByRole('main')).not.toHaveFocus();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
