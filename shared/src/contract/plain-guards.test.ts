// The zod schemas are the contract; the plain tuples and guards the browser uses instead (decision
// 0006) must answer exactly as the schemas do.
import * as enums from './enums';
import { ErrorEnvelope } from './envelope';
import { InvalidRemoteRegistryError, parseErrorDetails, parseRemoteRegistry } from './index';
import { RemoteRegistry } from './platform';

const SAMPLES: unknown[] = [undefined, null, 0, 1, '', 'id', 'en', 'EN', 'fr', 'light', 'dark', 'Light', {}, [], ['id']];

describe('plain enumerations and guards agree with the zod schemas', () => {
  it('every zod enum lists exactly its tuple, in order', () => {
    const pairs: Array<[string, { options: readonly unknown[] }, readonly unknown[]]> = [
      ['OrderSideText', enums.OrderSideText, enums.ORDER_SIDE_TEXTS],
      ['OrderType', enums.OrderType, enums.ORDER_TYPES],
      ['FillMode', enums.FillMode, enums.FILL_MODES],
      ['AssetType', enums.AssetType, enums.ASSET_TYPES],
      ['TimeInForce', enums.TimeInForce, enums.TIMES_IN_FORCE],
      ['TradingHours', enums.TradingHours, enums.TRADING_HOURS],
      ['SessionKind', enums.SessionKind, enums.SESSION_KINDS],
      ['ConditionalOrderKind', enums.ConditionalOrderKind, enums.CONDITIONAL_ORDER_KINDS],
      ['ChartRange', enums.ChartRange, enums.CHART_RANGES],
      ['CryptoVenue', enums.CryptoVenue, enums.CRYPTO_VENUES],
      ['QuoteCurrency', enums.QuoteCurrency, enums.QUOTE_CURRENCIES],
      ['UsStockBroker', enums.UsStockBroker, enums.US_STOCK_BROKERS],
      ['ProductKind', enums.ProductKind, enums.PRODUCT_KINDS],
      ['OrderStatus', enums.OrderStatus, enums.ORDER_STATUSES],
      ['ExchangeOrderStatus', enums.ExchangeOrderStatus, enums.EXCHANGE_ORDER_STATUSES],
      ['BuySellAvailability', enums.BuySellAvailability, enums.BUY_SELL_AVAILABILITIES],
      ['ModalKind', enums.ModalKind, enums.MODAL_KINDS],
      ['CoachmarkState', enums.CoachmarkState, enums.COACHMARK_STATES],
      ['TradingView', enums.TradingView, enums.TRADING_VIEWS],
      ['ChartLayoutKind', enums.ChartLayoutKind, enums.CHART_LAYOUT_KINDS],
      ['OrderPanelMode', enums.OrderPanelMode, enums.ORDER_PANEL_MODES],
      ['SymbolCacheState', enums.SymbolCacheState, enums.SYMBOL_CACHE_STATES],
      ['DeviceStatus', enums.DeviceStatus, enums.DEVICE_STATUSES],
      ['KycStatus', enums.KycStatus, enums.KYC_STATUSES],
      ['DeviceClass', enums.DeviceClass, enums.DEVICE_CLASSES],
      ['Language', enums.Language, enums.LANGUAGES],
      ['ThemeName', enums.ThemeName, enums.THEME_NAMES],
    ];
    for (const [name, schema, tuple] of pairs) expect([name, schema.options]).toEqual([name, [...tuple]]);
  });

  it('leverage options are the values the schema accepts', () => {
    for (const value of [0, 1, 2, 3, 4, 8, '2']) {
      expect([value, enums.LeverageOption.safeParse(value).success]).toEqual([value, (enums.LEVERAGES as readonly unknown[]).includes(value)]);
    }
    expect(enums.LEVERAGE_OPTIONS.map((option) => option.value)).toEqual([...enums.LEVERAGES]);
  });

  it('isLanguage and isThemeName answer as safeParse does', () => {
    for (const value of SAMPLES) {
      expect([value, enums.isLanguage(value)]).toEqual([value, enums.Language.safeParse(value).success]);
      expect([value, enums.isThemeName(value)]).toEqual([value, enums.ThemeName.safeParse(value).success]);
    }
  });

  it('parseErrorDetails answers as ErrorEnvelope.shape.details does', () => {
    const samples: unknown[] = [
      undefined,
      null,
      [],
      [{ path: 'pin', message: 'required' }],
      [{ path: 'pin', message: 'required', extra: 1 }],
      [{ path: 'pin' }],
      [{ path: 1, message: 'x' }],
      [null],
      ['pin'],
      { path: 'pin', message: 'x' },
      'pin',
    ];
    for (const value of samples) {
      const parsed = ErrorEnvelope.shape.details.safeParse(value);
      expect([value, parseErrorDetails(value)]).toEqual([value, parsed.success ? parsed.data : null]);
    }
  });

  it('parseRemoteRegistry answers as RemoteRegistry.parse does', () => {
    const entry = { version: '0.1.0-abc', entry: '/remotes/mf-trade/0.1.0-abc/mf-manifest.json' };
    const samples: unknown[] = [
      { remotes: { mf_trade: entry }, updatedAt: '2026-11-22T00:00:00Z' },
      { remotes: {}, updatedAt: 'x' },
      { remotes: { mf_trade: { ...entry, sri: 'x' } }, updatedAt: 'x', extra: true },
      { remotes: { mf_trade: entry } },
      { remotes: 'nope', updatedAt: 'x' },
      { remotes: [], updatedAt: 'x' },
      { remotes: { mf_trade: { version: 1, entry: 'x' } }, updatedAt: 'x' },
      { remotes: { mf_trade: { version: 'v1' } }, updatedAt: 'x' },
      { remotes: { mf_trade: null }, updatedAt: 'x' },
      { remotes: { mf_trade: entry }, updatedAt: 5 },
      null,
      [],
      'registry',
    ];
    for (const value of samples) {
      const parsed = RemoteRegistry.safeParse(value);
      if (parsed.success) {
        expect(parseRemoteRegistry(value)).toEqual(parsed.data);
      } else {
        expect(() => parseRemoteRegistry(value)).toThrow(InvalidRemoteRegistryError);
      }
    }
  });
});
