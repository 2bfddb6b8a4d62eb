import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';
import { PRODUCTION_TEST_ENV } from './testing/auth-fixture';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({}, '/repo');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      mode: 'development',
      database: { kind: 'pglite', dataDir: path.resolve('/repo/.data/pglite') },
      dataDir: path.resolve('/repo/.data'),
      deployDir: path.resolve('/repo/.deploy'),
      shellDist: path.resolve('/repo/shell/dist'),
      logLevel: 'info',
      identity: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, pinFreshSeconds: 300, rateLimitIpFactor: 10, pinHashCost: 15 },
      account: {
        kycAutoApproveSeconds: 20,
        telegramBotUsername: 'PasarNotifBot',
        uploadsDir: path.resolve('/repo/.data/uploads'),
      },
      market: { seed: 'pasar', tickMs: 250, usdSpreadPercent: 1, haltCacheMs: 2000, newsFeeds: [], newsPollSeconds: 900 },
      pubsub: { redisPrefix: 'pasar:' },
      stream: { conflateMs: 100, pingMs: 25000 },
      idempotency: { ttlHours: 24, staleSeconds: 60, waitMs: 2000 },
      // -- crypto trading (issue 6) --
      crypto: {
        ordersEnabled: true,
        feeRate: '0.001',
        buyTaxRate: '0',
        sellTaxRate: '0.0021',
        marketBandPercent: '5',
        priceRangePercent: '50',
        minOrderAmount: '10000',
      },
      trading: { matchIntervalMs: 250 },
      alerts: { maxWatchlists: 10, maxSymbolsPerWatchlist: 50, maxActiveAlerts: 100, maxSuggestionsPerUser: 20 },
      charts: { contentMaxBytes: 1048576, maxSavedCharts: 100, maxTemplatesPerKind: 100 },
      perps: { ordersEnabled: true, makerFeeRate: '0.0002', takerFeeRate: '0.0005', priceBandPercent: '5', minNotional: '5', defaultLeverage: 20, marginCallPercent: 80, watchIntervalMs: 1000 },
      usStock: {
        ordersEnabled: true,
        quantityPrecision: 4,
        minOrderAmount: '1',
        marketBandPercent: '5',
        commissionRate: '0',
        commissionMin: '0',
        secFeeRate: '0.0000278',
        tafPerShare: '0.000166',
        tafMax: '8.3',
        dividendWithholdingRate: '0.15',
        dividendWithholdingNoDeclarationRate: '0.3',
        corporateActionsJobMinutes: 60,
        leverage: { intradayCloseMinutes: 15, financingDailyPercent: '0.03', maintenanceOfInitialPercent: '50', marginCallPercent: '80', sweepSeconds: 10 },
      },
      idx: { ordersEnabled: true, buyFeeRate: '0.0015', sellFeeRate: '0.0015', sellTaxRate: '0.001', settlementJobMinutes: 15 },
      fxWallet: {
        minTransferIdr: '10000',
        minTransferUsd: '1',
        usdtSpreadPercent: 0,
        perpMarginMinIdr: '10000',
        perpMarginMinUsdt: '1',
        usdYieldAnnualPercent: 4,
        usdYieldJobMinutes: 60,
      },
      wallet: {
        topupDisabledChannels: [],
        cashoutFee: '2500',
        cashoutMin: '10000',
        cashoutDailyLimit: '100000000',
        cashoutAutoApproveMax: '10000000',
        cashoutAutoApproveMinAgeHours: 24,
      },
    });
  });

  it('takes the repository root as two levels above server/src', () => {
    expect(REPO_ROOT).toBe(path.resolve(__dirname, '..', '..'));
    expect(loadConfig({}).shellDist).toBe(path.join(REPO_ROOT, 'shell', 'dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        PASAR_MODE: 'production',
        DATABASE_URL: 'postgres://u@db:5432/pasar',
        DATABASE_SCHEMA: 'pasar_app',
        DATA_DIR: '/var/pasar',
        DEPLOY_DIR: 'deploy',
        SHELL_DIST: '/srv/shell',
        LOG_LEVEL: 'warn',
        PUBLIC_ORIGIN: 'https://pasar.example.id/',
        ADMIN_TOKEN: 'a'.repeat(40),
        JWT_SECRET: 'j'.repeat(40),
        ACCESS_TOKEN_TTL_SECONDS: '600',
        REFRESH_TOKEN_TTL_DAYS: '7',
        PIN_FRESH_SECONDS: '120',
        MESSAGE_PROVIDER_URL: 'https://sms.example.id/send',
        MESSAGE_PROVIDER_KEY: 'provider-key',
        RATE_LIMIT_IP_FACTOR: '3',
        PIN_HASH_COST: '16',
        KYC_AUTO_APPROVE_SECONDS: 'off',
        TELEGRAM_BOT_USERNAME: 'PasarTestBot',
        TELEGRAM_WEBHOOK_SECRET: 't'.repeat(20),
        SALESFORCE_LOGIN_URL: 'https://login.example.id/sso',
        ACCOUNT_ID_SECRET: 's'.repeat(40),
        UPLOADS_DIR: '/srv/uploads',
        MARKET_SEED: 'another',
        MARKET_TICK_MS: '500',
        MARKET_USD_SPREAD_PERCENT: '0.5',
        MARKET_HALT_CACHE_MS: '1000',
        NEWS_FEEDS: 'https://news.example.id/rss, https://news.example.id/atom',
        NEWS_POLL_SECONDS: '600',
        REDIS_URL: 'redis://cache:6379',
        REDIS_PREFIX: 'p2:',
        STREAM_CONFLATE_MS: '50',
        STREAM_PING_MS: '10000',
        IDEMPOTENCY_TTL_HOURS: '48',
        IDEMPOTENCY_STALE_SECONDS: '30',
        // -- crypto trading (issue 6) --
        CRYPTO_ORDERS_ENABLED: 'false',
        CRYPTO_FEE_PERCENT: '0.15',
        CRYPTO_BUY_TAX_PERCENT: '0.11',
        CRYPTO_SELL_TAX_PERCENT: '0.1',
        CRYPTO_MARKET_BAND_PERCENT: '2.5',
        CRYPTO_PRICE_RANGE_PERCENT: '20',
        CRYPTO_MIN_ORDER_IDR: '11000',
        CRYPTO_MATCH_INTERVAL_MS: '0',
        WATCHLIST_MAX_LISTS: '3',
        WATCHLIST_MAX_SYMBOLS: '7',
        PRICE_ALERT_MAX_ACTIVE: '5',
        ASSET_SUGGESTION_MAX_PER_USER: '2',
        CHART_CONTENT_MAX_BYTES: '65536',
        CHART_MAX_SAVED: '12',
        CHART_MAX_TEMPLATES: '13',
        FX_MIN_TRANSFER_IDR: '50000',
        FX_MIN_TRANSFER_USD: '2.5',
        USDT_SPREAD_PERCENT: '0.2',
        PERP_MARGIN_MIN_IDR: '20000',
        PERP_MARGIN_MIN_USDT: '0.5',
        USD_YIELD_ANNUAL_PERCENT: '4.5',
        USD_YIELD_JOB_MINUTES: '15',
        PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
        TOPUP_DISABLED_CHANNELS: 'BRI_VA, OVO',
        CASHOUT_FEE: '5000',
        CASHOUT_MIN: '50000',
        CASHOUT_DAILY_LIMIT: '25000000',
        CASHOUT_AUTO_APPROVE_MAX: '2000000',
        CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS: '0',
        US_STOCK_ORDERS_ENABLED: 'false',
        US_STOCK_QUANTITY_PRECISION: '2',
        US_STOCK_MIN_ORDER_USD: '5',
        US_STOCK_MARKET_BAND_PERCENT: '3',
        US_STOCK_COMMISSION_PERCENT: '0.25',
        US_STOCK_COMMISSION_MIN_USD: '1.50',
        US_STOCK_SEC_FEE_PER_MILLION: '22.90',
        US_STOCK_TAF_PER_SHARE: '0.000195',
        US_STOCK_TAF_MAX_USD: '9.79',
        US_STOCK_DIVIDEND_WITHHOLDING_PERCENT: '10',
        US_STOCK_DIVIDEND_WITHHOLDING_NO_DECLARATION_PERCENT: '35',
        US_STOCK_CORPORATE_ACTIONS_JOB_MINUTES: '30',
        US_LEVERAGE_INTRADAY_CLOSE_MINUTES: '10',
        US_LEVERAGE_FINANCING_DAILY_PERCENT: '0.05',
        US_LEVERAGE_MAINTENANCE_OF_INITIAL_PERCENT: '40',
        US_LEVERAGE_MARGIN_CALL_PERCENT: '75',
        US_LEVERAGE_SWEEP_SECONDS: '5',
        IDX_ORDERS_ENABLED: 'false',
        IDX_BUY_FEE_PERCENT: '0.19',
        IDX_SELL_FEE_PERCENT: '0.2',
        IDX_SELL_TAX_PERCENT: '0.1',
        IDX_SETTLEMENT_JOB_MINUTES: '5',
      },
      '/repo',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      mode: 'production',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/pasar', schema: 'pasar_app' },
      dataDir: path.resolve('/var/pasar'),
      deployDir: path.resolve('/repo/deploy'),
      shellDist: path.resolve('/srv/shell'),
      logLevel: 'warn',
      publicOrigin: 'https://pasar.example.id',
      adminToken: 'a'.repeat(40),
      identity: {
        jwtSecret: 'j'.repeat(40),
        accessTokenTtlSeconds: 600,
        refreshTokenTtlDays: 7,
        pinFreshSeconds: 120,
        rateLimitIpFactor: 3,
        pinHashCost: 16,
        messageProvider: { url: 'https://sms.example.id/send', key: 'provider-key' },
      },
      account: {
        kycAutoApproveSeconds: null,
        telegramBotUsername: 'PasarTestBot',
        telegramWebhookSecret: 't'.repeat(20),
        salesforceLoginUrl: 'https://login.example.id/sso',
        idSecret: 's'.repeat(40),
        uploadsDir: path.resolve('/srv/uploads'),
      },
      market: {
        seed: 'another',
        tickMs: 500,
        usdSpreadPercent: 0.5,
        haltCacheMs: 1000,
        newsFeeds: ['https://news.example.id/rss', 'https://news.example.id/atom'],
        newsPollSeconds: 600,
      },
      pubsub: { redisUrl: 'redis://cache:6379', redisPrefix: 'p2:' },
      stream: { conflateMs: 50, pingMs: 10000 },
      idempotency: { ttlHours: 48, staleSeconds: 30, waitMs: 2000 },
      // -- crypto trading (issue 6) --
      crypto: {
        ordersEnabled: false,
        feeRate: '0.0015',
        buyTaxRate: '0.0011',
        sellTaxRate: '0.001',
        marketBandPercent: '2.5',
        priceRangePercent: '20',
        minOrderAmount: '11000',
      },
      trading: { matchIntervalMs: 0 },
      alerts: { maxWatchlists: 3, maxSymbolsPerWatchlist: 7, maxActiveAlerts: 5, maxSuggestionsPerUser: 2 },
      charts: { contentMaxBytes: 65536, maxSavedCharts: 12, maxTemplatesPerKind: 13 },
      perps: { ordersEnabled: true, makerFeeRate: '0.0002', takerFeeRate: '0.0005', priceBandPercent: '5', minNotional: '5', defaultLeverage: 20, marginCallPercent: 80, watchIntervalMs: 1000 },
      usStock: {
        ordersEnabled: false,
        quantityPrecision: 2,
        minOrderAmount: '5',
        marketBandPercent: '3',
        commissionRate: '0.0025',
        commissionMin: '1.5',
        secFeeRate: '0.0000229',
        tafPerShare: '0.000195',
        tafMax: '9.79',
        dividendWithholdingRate: '0.1',
        dividendWithholdingNoDeclarationRate: '0.35',
        corporateActionsJobMinutes: 30,
        leverage: { intradayCloseMinutes: 10, financingDailyPercent: '0.05', maintenanceOfInitialPercent: '40', marginCallPercent: '75', sweepSeconds: 5 },
      },
      idx: { ordersEnabled: false, buyFeeRate: '0.0019', sellFeeRate: '0.002', sellTaxRate: '0.001', settlementJobMinutes: 5 },
      fxWallet: {
        minTransferIdr: '50000',
        minTransferUsd: '2.5',
        usdtSpreadPercent: 0.2,
        perpMarginMinIdr: '20000',
        perpMarginMinUsdt: '0.5',
        usdYieldAnnualPercent: 4.5,
        usdYieldJobMinutes: 15,
      },
      wallet: {
        paymentWebhookSecret: 'w'.repeat(40),
        topupDisabledChannels: ['BRI_VA', 'OVO'],
        cashoutFee: '5000',
        cashoutMin: '50000',
        cashoutDailyLimit: '25000000',
        cashoutAutoApproveMax: '2000000',
        cashoutAutoApproveMinAgeHours: 0,
      },
    });
  });

  it("lowers the PIN hash's cost outside production only", () => {
    expect(loadConfig({ PIN_HASH_COST: '10' }, '/repo').identity.pinHashCost).toBe(10);
    expect(loadConfig(PRODUCTION_TEST_ENV, '/repo').identity.pinHashCost).toBe(15);
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, PIN_HASH_COST: '15' }, '/repo').identity.pinHashCost).toBe(15);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, PIN_HASH_COST: '14' }, '/repo')).toThrow(/PIN_HASH_COST: at least 15 in production/);
  });

  it('treats an empty DATABASE_URL as unset (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }, '/repo').database.kind).toBe('pglite');
  });

  it('keeps PGlite data under DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/data' }, '/repo').database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('/data/pglite'),
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PASAR_MODE', 'staging'],
    ['DATABASE_URL', 'mysql://db/pasar'],
    ['DATABASE_SCHEMA', 'Robert"); drop'],
    ['LOG_LEVEL', 'verbose'],
    ['PUBLIC_ORIGIN', 'not a url'],
    ['ADMIN_TOKEN', 'short'],
    ['JWT_SECRET', 'short'],
    ['PIN_HASH_COST', '9'],
    ['PIN_HASH_COST', '18'],
    ['KYC_AUTO_APPROVE_SECONDS', 'soon'],
    ['MARKET_TICK_MS', '5'],
    ['REDIS_URL', 'http://cache:6379'],
    ['STREAM_CONFLATE_MS', '-1'],
    ['IDEMPOTENCY_TTL_HOURS', '12'],
    ['IDEMPOTENCY_STALE_SECONDS', '1'],
    ['FX_MIN_TRANSFER_IDR', '10000.5'],
    ['FX_MIN_TRANSFER_USD', '1.005'],
    ['PERP_MARGIN_MIN_USDT', '1.0000001'],
    ['USD_YIELD_ANNUAL_PERCENT', '-1'],
    ['USD_YIELD_JOB_MINUTES', '0'],
    ['PAYMENT_WEBHOOK_SECRET', 'short'],
    ['TOPUP_DISABLED_CHANNELS', 'BCA_VA,PAYPAL'],
    ['CASHOUT_FEE', '2500.5'],
    ['CASHOUT_DAILY_LIMIT', '-1'],
    ['CASHOUT_MIN', '2500'],
    // -- crypto trading (issue 6) --
    ['CRYPTO_ORDERS_ENABLED', 'yes'],
    ['CRYPTO_FEE_PERCENT', '-0.1'],
    ['CRYPTO_SELL_TAX_PERCENT', '0.123456'],
    ['CRYPTO_MARKET_BAND_PERCENT', '101'],
    ['CRYPTO_MIN_ORDER_IDR', '0'],
    ['CRYPTO_MATCH_INTERVAL_MS', '-5'],
    ['WATCHLIST_MAX_LISTS', '0'],
    ['WATCHLIST_MAX_SYMBOLS', 'many'],
    ['PRICE_ALERT_MAX_ACTIVE', '1.5'],
    ['ASSET_SUGGESTION_MAX_PER_USER', '0'],
    ['CHART_CONTENT_MAX_BYTES', '100'],
    ['CHART_MAX_SAVED', '0'],
    ['CHART_MAX_TEMPLATES', 'lots'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain(name);
  });
});
