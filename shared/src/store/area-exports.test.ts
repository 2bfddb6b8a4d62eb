// The area barrels load together without an import cycle leaving a name undefined.
import * as apiArea from '../api';
import * as deviceArea from '../device';
import * as eventsArea from '../events';
import * as formatArea from '../format';
import * as i18nArea from '../i18n';
import * as storageArea from '../storage';
import * as storeArea from '../store';
import * as symbolsArea from '../symbols';
import * as marketsArea from '../markets';

describe('area barrels', () => {
  it('expose the singletons and factories the shell and remotes call', () => {
    const names: Array<[Record<string, unknown>, string[]]> = [
      [apiArea, ['api', 'createApiClient', 'ApiError', 'logoutSession', 'sanitizeDeep']],
      [eventsArea, ['eventBus', 'createEventBus']],
      [storeArea, ['appStore', 'useAppStore', 'createAppStore', 'symbolCache', 'createSymbolCache']],
      [symbolsArea, ['toIdrSymbol', 'isVideoFile', 'baseAssetOf']],
      [marketsArea, ['MARKETS', 'marketOfSymbol', 'MARKET_IDS']],
      [storageArea, ['getDeviceId', 'isValidAccessToken', 'clearAll', 'COOKIE_KEYS']],
      [deviceArea, ['detectAppDevice', 'isMobileWebRoute']],
      [i18nArea, ['i18n', 'setLanguage', 'registerTranslations', 'useT']],
      [formatArea, ['formatNumber', 'formatCompact', 'formatCurrency', 'parseCurrency', 'formatPercentChange']],
    ];
    for (const [area, exported] of names) {
      for (const name of exported) expect([name, area[name]]).toEqual([name, expect.anything()]);
    }
  });
});
