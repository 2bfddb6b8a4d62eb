import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

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
      identity: { accessTokenTtlSeconds: 900, refreshTokenTtlDays: 30, pinFreshSeconds: 300, rateLimitIpFactor: 10 },
      account: {
        kycAutoApproveSeconds: 20,
        telegramBotUsername: 'PasarNotifBot',
        uploadsDir: path.resolve('/repo/.data/uploads'),
      },
      market: { seed: 'pasar', tickMs: 250, usdSpreadPercent: 1, haltCacheMs: 2000, newsFeeds: [], newsPollSeconds: 900 },
      pubsub: { redisPrefix: 'pasar:' },
      stream: { conflateMs: 100, pingMs: 25000 },
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
    });
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
    ['KYC_AUTO_APPROVE_SECONDS', 'soon'],
    ['MARKET_TICK_MS', '5'],
    ['REDIS_URL', 'http://cache:6379'],
    ['STREAM_CONFLATE_MS', '-1'],
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
