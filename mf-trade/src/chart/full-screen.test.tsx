// "Full screen" puts the chart in the browser's full screen where the browser allows it, and
// leaving it there (Esc) leaves the view too; where it is refused, the page's widened view stays.
import { registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { TradeHomePage } from '../pages/TradeHomePage';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { mockMarket } from '../testing/market-fixtures';

jest.mock('./chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let live: FakeLive;
let fullscreenElement: Element | null = null;
const requested: Element[] = [];
const exitFullscreen = jest.fn(async () => {
  fullscreenElement = null;
  document.dispatchEvent(new Event('fullscreenchange'));
});

beforeEach(() => {
  resetInstrumentCache();
  live = installFakeLive();
  fullscreenElement = null;
  requested.length = 0;
  exitFullscreen.mockClear();
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  Object.defineProperty(Element.prototype, 'requestFullscreen', {
    configurable: true,
    value: async function requestFullscreen(this: Element) {
      requested.push(this);
      fullscreenElement = this;
      document.dispatchEvent(new Event('fullscreenchange'));
    },
  });
});
afterEach(() => {
  live.restore();
  delete (Element.prototype as { requestFullscreen?: unknown }).requestFullscreen;
});

const open = () => renderWithShell(<TradeHomePage />, { route: '/trade/BTC-IDR', language: 'en', api: mockMarket(createTestApiClient()) });

describe('full screen', () => {
  it('puts the chart in the browser full screen; Esc (leaving it) leaves the view', async () => {
    const { user, store } = open();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    await waitFor(() => expect(requested).toHaveLength(1));
    expect(requested[0]).toContainElement(screen.getByRole('region', { name: 'BTC-IDR chart' }));
    expect(store.getState().misc.tradingView).toBe('FullScreen');

    // The browser leaves full screen on Esc and says so.
    act(() => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(store.getState().misc.tradingView).toBe('None');
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('leaves the browser full screen when the view is toggled off', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    await waitFor(() => expect(fullscreenElement).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    await waitFor(() => expect(exitFullscreen).toHaveBeenCalledTimes(1));
  });

  it('keeps the widened view where the browser refuses full screen', async () => {
    Object.defineProperty(Element.prototype, 'requestFullscreen', {
      configurable: true,
      value: async () => {
        throw new TypeError('Permissions check failed');
      },
    });
    const { user, store } = open();
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    await act(async () => undefined);
    expect(store.getState().misc.tradingView).toBe('FullScreen');
    expect(screen.getByRole('region', { name: 'BTC-IDR chart' })).toBeInTheDocument();
  });
});
