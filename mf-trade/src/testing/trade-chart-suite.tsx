// The set-up every suite of the trade chart shares (the engine module itself is replaced in each
// test file with jest.mock, which must stay there): the page's strings, a fresh instrument cache,
// no engines left from the previous test, and a fake live source.
import { registerTranslations } from '@pasar/shared';
import { renderWithShell, type ShellAuth, type TestApiClient } from '@pasar/shared/testing';
import { TradeChart } from '../chart/TradeChart';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { engines } from './chart-engine-mock';
import { installFakeLive, type FakeLive } from './fake-live';

/** The trade chart's price format in the tests (IDR, whole rupiah, English). */
export const CHART_TEST_FORMAT = { currency: 'IDR' as const, precision: 0, lng: 'en' as const };

export function setUpTradeChartSuite(): void {
  let live: FakeLive;
  beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
  beforeEach(() => {
    resetInstrumentCache();
    engines.length = 0;
    live = installFakeLive();
  });
  afterEach(() => live.restore());
}

/** The BTC-IDR trade chart on its page, for a guest (no auth) or a signed-in person. */
export function renderTradeChart(api: TestApiClient, auth: ShellAuth | null) {
  return renderWithShell(<TradeChart symbol="BTC-IDR" market="crypto" format={CHART_TEST_FORMAT} tick="1000" />, {
    route: '/trade/BTC-IDR',
    language: 'en',
    api,
    ...(auth ? { auth } : {}),
  });
}
