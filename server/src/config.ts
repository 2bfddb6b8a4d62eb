// The server's typed configuration, read from the environment once at start.
import { hostname } from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { ASSET_SUGGESTIONS_MAX_PER_USER, DEFAULT_CHART_CONTENT_MAX_BYTES, DEFAULT_CHART_LIMITS, TOPUP_CHANNELS, type TopUpChannel } from '@pasar/shared/contract';
import { PIN_HASH_COST } from './modules/identity/secrets';

/** The repository root: two levels above `server/src`. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number of Rupiah, kept as a string (money is never a float). */
const rupiah = z.string().trim().regex(/^\d{1,15}$/, 'must be a whole number of Rupiah');
/** Above zero: a minimum that must not be 0. */
const positiveRupiah = z.string().trim().regex(/^[1-9]\d{0,14}$/, 'must be a whole number of Rupiah above 0');
/** A percentage from 0 to 100 with at most 4 decimals, kept as a string ('0.21'); crypto rates (issue 6). */
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage with at most 4 decimals')
  .refine((v) => Number(v) <= 100, 'must be at most 100');
/** Dollars with at most 2 decimals, kept as a string ('8.30'). */
const usd = z.string().trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be dollars with at most 2 decimals');
/** '0.21' (percent) -> '0.0021' (fraction). */
const fraction = (percentText: string): string => new Decimal(percentText).div(100).toFixed();

/** An empty variable counts as unset, so `DATABASE_URL=` in a .env means "use PGlite". */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PASAR_MODE: z.enum(['development', 'production']).default('development'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Postgres schema to use (and create) instead of the connection's default search_path. */
  DATABASE_SCHEMA: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
      .optional(),
  ),
  DATA_DIR: optionalString,
  DEPLOY_DIR: optionalString,
  SHELL_DIST: optionalString,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_ORIGIN: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The load balancers whose X-Forwarded-For is believed: comma-separated addresses or CIDRs (`127.0.0.1`, `10.0.0.0/8`). Unset: none, the client is the socket's peer. */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, 'must be comma-separated IP addresses or CIDR ranges (e.g. 127.0.0.1)')
      .optional(),
  ),
  /** This instance's name in the x-pasar-instance header and its leases (default: host name and process id). */
  INSTANCE_ID: optionalString.pipe(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or underscores').optional()),
  /** The bootstrap operator's ("root") token: adds named operators; in production it does nothing else. Without it one is kept in `<dataDir>/admin-token`. */
  ADMIN_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // -- identity settings (issue 3) --
  /** HS256 key of the access tokens (at least 32 characters); required in production. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PIN_FRESH_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  MESSAGE_PROVIDER_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MESSAGE_PROVIDER_KEY: optionalString,
  /** scrypt's cost (log2 N) for new PIN hashes: 15 by default, and at least 15 in production. The tests lower it (see modules/identity/secrets.ts). */
  PIN_HASH_COST: z.coerce.number().int().min(10).max(17).optional(),
  /** Multiplies the per-IP rate limits (default 1 in production, 10 in development). */
  RATE_LIMIT_IP_FACTOR: z.coerce.number().int().min(1).max(1000).optional(),
  // -- account settings (issue 3) --
  /** Development only: approve PENDING identity checks after this many seconds; 'off' disables. */
  KYC_AUTO_APPROVE_SECONDS: optionalString.pipe(z.string().regex(/^(off|\d{1,6})$/, "must be a number of seconds or 'off'").optional()),
  TELEGRAM_BOT_USERNAME: optionalString.pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'must be a Telegram bot username').optional()),
  /** The Telegram bot sends it in `x-telegram-webhook-secret`; without it the webhook refuses every call. */
  TELEGRAM_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  SALESFORCE_LOGIN_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Key of the opaque per-user identifiers (Salesforce); absent: kept in `<dataDir>/account-id-secret`. */
  ACCOUNT_ID_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Private folder of uploaded files (identity documents); default `<dataDir>/uploads`. */
  UPLOADS_DIR: optionalString,
  // -- market data settings (issue 4) --
  /** Seed of the simulated market: the same seed gives the same prices on every instance. */
  MARKET_SEED: z.string().min(1).default('pasar'),
  /** How often the stream hub polls the market for watched symbols (ms). */
  MARKET_TICK_MS: z.coerce.number().int().min(50).max(10_000).default(250),
  /** USD/IDR spread around the mid, percent of the mid split evenly between buy and sell. */
  MARKET_USD_SPREAD_PERCENT: z.coerce.number().min(0).max(10).default(1),
  /** How long an instance trusts its in-memory copy of the halts table (ms). */
  MARKET_HALT_CACHE_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Comma-separated RSS/Atom feed URLs to ingest news from; empty: only the shipped sample. */
  NEWS_FEEDS: optionalString,
  NEWS_POLL_SECONDS: z.coerce.number().int().min(60).default(900),
  // -- pub/sub and stream settings (issue 4) --
  /** Redis for pub/sub between instances; unset: the in-process bus (one instance). */
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional()),
  /** Prefix of every Redis channel and key (several deployments or test runs on one Redis). */
  REDIS_PREFIX: z.string().min(1).max(64).default('pasar:'),
  /** At most one message per stream per this many ms; 0 sends every update (firehose). */
  STREAM_CONFLATE_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  /** WebSocket ping interval; a connection that missed a whole interval's pong is dropped. */
  STREAM_PING_MS: z.coerce.number().int().min(50).max(300_000).default(25_000),
  // -- ledger and idempotency settings (issue 5) --
  /** How long a mutating call's answer is kept for replays on its x-request-id (at least a day). */
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(24).max(24 * 365).default(24),
  /** An IN_PROGRESS key older than this belongs to a request whose server died: the key is free again. */
  IDEMPOTENCY_STALE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** How long a retry waits for the first request with its key before answering 043. */
  IDEMPOTENCY_WAIT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  // -- wallet settings: top-up, cashout (issue 5) --
  /** HMAC-SHA256 key of the payment gateway's top-up callbacks; required in production (development: `<dataDir>/payment-webhook-secret`). */
  PAYMENT_WEBHOOK_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Comma-separated top-up channels switched off (e.g. `BRI_VA,OVO` while a provider is down). */
  TOPUP_DISABLED_CHANNELS: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => v.split(',').every((c) => (TOPUP_CHANNELS as readonly string[]).includes(c.trim())),
        `must be a comma-separated list of ${TOPUP_CHANNELS.join(', ')}`,
      )
      .optional(),
  ),
  /** Rupiah per cashout (default: the BI-FAST transfer fee cap, Rp2.500). */
  CASHOUT_FEE: rupiah.default('2500'),
  CASHOUT_MIN: rupiah.default('10000'),
  /** Per user and WIB calendar day, over cashouts waiting for review or paid. */
  CASHOUT_DAILY_LIMIT: rupiah.default('100000000'),
  /** Cashouts up to this amount are paid without an operator's review. */
  CASHOUT_AUTO_APPROVE_MAX: rupiah.default('10000000'),
  /** Accounts younger than this never get automatic approval (fresh accounts are the usual fraud vector). */
  CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS: z.coerce.number().int().min(0).max(24 * 365).default(24),
  // -- crypto trading settings (issue 6) --
  /** 'false' refuses every new crypto order and amendment with 1162 (cancelling still works). */
  CRYPTO_ORDERS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** Platform fee, and the taxes on purchases and on sales (PPh 22 final since 1 Aug 2025), percent of the base amount. */
  CRYPTO_FEE_PERCENT: percent.default('0.1'),
  CRYPTO_BUY_TAX_PERCENT: percent.default('0'),
  CRYPTO_SELL_TAX_PERCENT: percent.default('0.21'),
  /** A market order (or a triggered stop) may walk the book at most this far from the best price. */
  CRYPTO_MARKET_BAND_PERCENT: percent.default('5'),
  /** Limit and stop prices must lie within this distance of the last price (else 9600 / 9601). */
  CRYPTO_PRICE_RANGE_PERCENT: percent.default('50'),
  /** Smallest order, in whole Rupiah of base amount. */
  CRYPTO_MIN_ORDER_IDR: positiveRupiah.default('10000'),
  /** How often the order engine's matcher (every market's, named when crypto was the only one) evaluates resting orders (ms); 0: never by itself (tests hand it ticks). */
  CRYPTO_MATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  // -- watchlists and price alerts --
  /** Custom watchlists per user (1158 beyond). */
  WATCHLIST_MAX_LISTS: z.coerce.number().int().min(1).max(1000).default(10),
  /** Symbols per watchlist (1158 beyond). */
  WATCHLIST_MAX_SYMBOLS: z.coerce.number().int().min(1).max(1000).default(50),
  /** Live (ACTIVE) price alerts per user (4103 beyond). */
  PRICE_ALERT_MAX_ACTIVE: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Asset suggestions per user (1157 beyond). */
  ASSET_SUGGESTION_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(ASSET_SUGGESTIONS_MAX_PER_USER),
  // -- charts --
  /** Largest saved chart content, template or kind of chart settings, in bytes of JSON (4402 beyond). */
  CHART_CONTENT_MAX_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(DEFAULT_CHART_CONTENT_MAX_BYTES),
  /** Saved charts per user, and study (or drawing) templates per user (4408 beyond). */
  CHART_MAX_SAVED: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_CHART_LIMITS.maxSavedCharts),
  CHART_MAX_TEMPLATES: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_CHART_LIMITS.maxTemplatesPerKind),
  // -- margin engine and perpetual futures --
  /** 'false' refuses every new perp order with 4210 (closing and cancelling still work). */
  PERP_ORDERS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** Maker and taker fees, percent of the notional. */
  PERP_MAKER_FEE_PERCENT: percent.default('0.02'),
  PERP_TAKER_FEE_PERCENT: percent.default('0.05'),
  /** Limit and stop prices within ± this percent of the mark; market orders walk the book within it. */
  PERP_PRICE_BAND_PERCENT: percent.default('5'),
  /** The smallest order notional (USDT). */
  PERP_MIN_NOTIONAL_USDT: z.coerce.number().positive().default(5),
  /** Leverage of a symbol until the user sets one (capped by the first tier's maximum). */
  PERP_DEFAULT_LEVERAGE: z.coerce.number().int().min(1).max(125).default(20),
  /** Margin ratio (percent) at which a MARGIN_CALL notification is sent, once per crossing. */
  MARGIN_CALL_RATIO_PERCENT: z.coerce.number().min(1).max(99).default(80),
  /** How often the margin watcher reads marks (liquidation, margin calls, TP/SL) and checks funding (ms); 0: only when handed a tick (tests). */
  MARGIN_WATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // -- fx-wallet settings: USD wallets, perps margin, USD yield (issue 5) --
  /** Smallest IDR -> USD wallet transfer (whole Rupiah) and smallest USD -> IDR transfer (dollars). */
  FX_MIN_TRANSFER_IDR: positiveRupiah.default('10000'),
  FX_MIN_TRANSFER_USD: z.string().trim().regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be dollars with at most 2 decimals').default('1'),
  /** Widening of the USDT-IDR book's bid/ask for margin-wallet conversions, percent split evenly (0: the book's prices). */
  USDT_SPREAD_PERCENT: z.coerce.number().min(0).max(10).default(0),
  /** Smallest perps margin deposit from IDR (whole Rupiah) and smallest USDT move (deposit from or withdrawal to). */
  PERP_MARGIN_MIN_IDR: positiveRupiah.default('10000'),
  PERP_MARGIN_MIN_USDT: z.string().trim().regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be USDT with at most 6 decimals').default('1'),
  /** Annual rate paid on opted-in USD cash of the paln wallet, percent (accrued daily, rate / 365). */
  USD_YIELD_ANNUAL_PERCENT: z.coerce.number().min(0).max(25).default(4),
  /** How often the USD yield accrual job runs (it also runs at start). */
  USD_YIELD_JOB_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // -- US stock trading settings (PALN wallet; sources of the defaults: docs/decisions/0015) --
  /** 'false' refuses every new US stock order and amendment with 3807; cancelling still works. */
  US_STOCK_ORDERS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** Decimals of a fractional share quantity (0: whole shares only). */
  US_STOCK_QUANTITY_PRECISION: z.coerce.number().int().min(0).max(9).default(4),
  /** Smallest order by value (notional), USD with at most 2 decimals. */
  US_STOCK_MIN_ORDER_USD: usd.default('1'),
  /** A market order (or a triggered stop) may walk the book at most this far from the best price; a queued market buy holds this much above the last price. */
  US_STOCK_MARKET_BAND_PERCENT: percent.default('5'),
  /** Commission: percent of the notional, with a minimum per order in USD (0 and 0: commission-free). */
  US_STOCK_COMMISSION_PERCENT: percent.default('0'),
  US_STOCK_COMMISSION_MIN_USD: usd.default('0'),
  /** SEC fee (Section 31) on sells: USD per million dollars sold. */
  US_STOCK_SEC_FEE_PER_MILLION: z.string().trim().regex(/^\d{1,4}(\.\d{1,4})?$/, 'must be dollars per million with at most 4 decimals').default('27.80'),
  /** FINRA trading activity fee on sells: USD per share sold, capped per trade. */
  US_STOCK_TAF_PER_SHARE: z.string().trim().regex(/^0(\.\d{1,8})?$/, 'must be dollars per share below 1 with at most 8 decimals').default('0.000166'),
  US_STOCK_TAF_MAX_USD: usd.default('8.30'),
  /** US withholding tax on cash dividends, percent: with the US-stock declaration (W-8BEN treaty rate) on file, and without. */
  US_STOCK_DIVIDEND_WITHHOLDING_PERCENT: percent.default('15'),
  US_STOCK_DIVIDEND_WITHHOLDING_NO_DECLARATION_PERCENT: percent.default('30'),
  /** How often the corporate-actions job applies dividends and splits to holdings (it also runs at start). */
  US_STOCK_CORPORATE_ACTIONS_JOB_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // -- US stock leverage (CFD, 2x leverage wallet and 4x intraday wallet; docs/decisions/0017) --
  /** 4x positions still open this many minutes before the regular close (early closes included) are closed. */
  US_LEVERAGE_INTRADAY_CLOSE_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  /** 2x positions held over a regular close pay this percent of the borrowed amount per trading day. */
  US_LEVERAGE_FINANCING_DAILY_PERCENT: percent.default('0.03'),
  /** Maintenance margin as a percent of the initial margin (notional / leverage). */
  US_LEVERAGE_MAINTENANCE_OF_INITIAL_PERCENT: percent.default('50'),
  /** A wallet whose margin ratio reaches this percent gets one MARGIN_CALL per crossing (100: liquidation). */
  US_LEVERAGE_MARGIN_CALL_PERCENT: percent.default('80'),
  /** How often the leverage sweep (triggers, margin calls, liquidation, intraday close, financing) runs; it also runs when the market clock moves. */
  US_LEVERAGE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // -- Indonesian stock (IDX) trading settings (docs/decisions/0019) --
  /** 'false' refuses every new IDX order and amendment with 3905; cancelling still works. */
  IDX_ORDERS_ENABLED: z.enum(['true', 'false']).default('true'),
  /** Broker fee of a buy and of a sell (percent), and the final tax on share sales: 0.15 + 0.1 = the typical 0.25 % sell. */
  IDX_BUY_FEE_PERCENT: percent.default('0.15'),
  IDX_SELL_FEE_PERCENT: percent.default('0.15'),
  IDX_SELL_TAX_PERCENT: percent.default('0.1'),
  /** How often the T+2 settlement moves due sale proceeds to cash (it also runs at start and on the operator's call). */
  IDX_SETTLEMENT_JOB_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});

export type PasarMode = 'development' | 'production';
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly mode: PasarMode;
  readonly database:
    | { readonly kind: 'pglite'; readonly dataDir: string }
    | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };
  /** Root of the server's own data; PGlite keeps its files in `<dataDir>/pglite`. */
  readonly dataDir: string;
  /** Holds `remotes.json` and `remotes/<name>/<version>/…`. */
  readonly deployDir: string;
  readonly shellDist: string;
  readonly logLevel: LogLevel;
  /** The site's public origin (no trailing slash), when known. */
  readonly publicOrigin?: string;
  /** Addresses or CIDRs of the load balancers trusted for X-Forwarded-For (Fastify's trustProxy); absent: none. */
  readonly trustProxy?: readonly string[];
  /** This instance's name (x-pasar-instance, lease holders); absent: host name and process id. */
  readonly instanceId?: string;
  /** The bootstrap operator's token (ADMIN_TOKEN); absent: kept in `<dataDir>/admin-token`. Named operators' tokens live in the database. */
  readonly adminToken?: string;
  // -- identity config (issue 3) --
  readonly identity: {
    /** Unset in development: the server keeps a generated one in `<dataDir>/jwt-secret`. */
    readonly jwtSecret?: string;
    readonly accessTokenTtlSeconds: number;
    readonly refreshTokenTtlDays: number;
    readonly pinFreshSeconds: number;
    /** Where SMS and e-mail go (HTTP POST, bearer key); unset in development: the dev inbox. */
    readonly messageProvider?: { readonly url: string; readonly key: string };
    readonly rateLimitIpFactor: number;
    /** scrypt's cost (log2 N) for new PIN hashes. */
    readonly pinHashCost: number;
  };
  // -- account config (issue 3) --
  readonly account: {
    /** Seconds before a PENDING identity check is approved automatically (development only); null: never. */
    readonly kycAutoApproveSeconds: number | null;
    readonly telegramBotUsername: string;
    readonly telegramWebhookSecret?: string;
    readonly salesforceLoginUrl?: string;
    readonly idSecret?: string;
    readonly uploadsDir: string;
  };
  // -- market data config (issue 4) --
  readonly market: {
    readonly seed: string;
    readonly tickMs: number;
    readonly usdSpreadPercent: number;
    readonly haltCacheMs: number;
    readonly newsFeeds: readonly string[];
    readonly newsPollSeconds: number;
  };
  // -- pub/sub and stream config (issue 4) --
  readonly pubsub: { readonly redisUrl?: string; readonly redisPrefix: string };
  readonly stream: { readonly conflateMs: number; readonly pingMs: number };
  // -- ledger and idempotency config (issue 5) --
  readonly idempotency: { readonly ttlHours: number; readonly staleSeconds: number; readonly waitMs: number };
  // -- wallet config (issue 5) --
  readonly wallet: {
    /** Unset in development: the server keeps a generated one in `<dataDir>/payment-webhook-secret`. */
    readonly paymentWebhookSecret?: string;
    readonly topupDisabledChannels: readonly TopUpChannel[];
    /** Whole Rupiah, as decimal strings. */
    readonly cashoutFee: string;
    readonly cashoutMin: string;
    readonly cashoutDailyLimit: string;
    readonly cashoutAutoApproveMax: string;
    readonly cashoutAutoApproveMinAgeHours: number;
  };
  // -- crypto trading config (issue 6) --
  readonly crypto: {
    readonly ordersEnabled: boolean;
    /** Fractions as decimal strings ('0.001' = 0.1 %): the FeeRates of `@pasar/shared/trading`. */
    readonly feeRate: string;
    readonly buyTaxRate: string;
    readonly sellTaxRate: string;
    /** Percent, decimal strings. */
    readonly marketBandPercent: string;
    readonly priceRangePercent: string;
    /** Whole Rupiah. */
    readonly minOrderAmount: string;
  };
  // -- the order engine of every market --
  readonly trading: {
    /** The one matcher's interval (ms); 0: it only moves when handed a tick. */
    readonly matchIntervalMs: number;
  };
  // -- watchlists and price alerts --
  readonly alerts: {
    readonly maxWatchlists: number;
    readonly maxSymbolsPerWatchlist: number;
    readonly maxActiveAlerts: number;
    readonly maxSuggestionsPerUser: number;
  };
  // -- charts --
  readonly charts: {
    readonly contentMaxBytes: number;
    readonly maxSavedCharts: number;
    /** Of each kind: study templates, drawing templates. */
    readonly maxTemplatesPerKind: number;
  };
  // -- margin engine and perpetual futures --
  readonly perps: {
    readonly ordersEnabled: boolean;
    /** Fractions of the notional. */
    readonly makerFeeRate: string;
    readonly takerFeeRate: string;
    readonly priceBandPercent: string;
    readonly minNotional: string;
    readonly defaultLeverage: number;
    readonly marginCallPercent: number;
    readonly watchIntervalMs: number;
  };
  // -- fx-wallet config (issue 5) --
  readonly fxWallet: {
    /** Decimal strings: whole Rupiah, dollars, USDT. */
    readonly minTransferIdr: string;
    readonly minTransferUsd: string;
    readonly usdtSpreadPercent: number;
    readonly perpMarginMinIdr: string;
    readonly perpMarginMinUsdt: string;
    readonly usdYieldAnnualPercent: number;
    readonly usdYieldJobMinutes: number;
  };
  // -- US stock trading config (PALN wallet) --
  readonly usStock: UsStockConfig;
  // -- Indonesian stock (IDX) trading config --
  readonly idx: IdxConfig;
}

/** IDX trading: the orders switch, fees and tax (fractions) and the settlement job's interval. */
export interface IdxConfig {
  readonly ordersEnabled: boolean;
  readonly buyFeeRate: string;
  readonly sellFeeRate: string;
  readonly sellTaxRate: string;
  readonly settlementJobMinutes: number;
}

/** US stock trading (PALN wallet): sizes, fees and dividend withholding. Decimal strings for money. */
export interface UsStockConfig {
  readonly ordersEnabled: boolean;
  readonly quantityPrecision: number;
  /** USD. */
  readonly minOrderAmount: string;
  /** Percent, a decimal string. */
  readonly marketBandPercent: string;
  /** Fractions ('0.001' = 0.1 %) and USD. */
  readonly commissionRate: string;
  readonly commissionMin: string;
  /** SEC fee as a fraction of the amount sold ('0.0000278' = $27.80 per million). */
  readonly secFeeRate: string;
  readonly tafPerShare: string;
  readonly tafMax: string;
  /** Fractions. */
  readonly dividendWithholdingRate: string;
  readonly dividendWithholdingNoDeclarationRate: string;
  readonly corporateActionsJobMinutes: number;
  readonly leverage: UsLeverageConfig;
}

/** US stock leverage settings (percents as decimal strings). */
export interface UsLeverageConfig {
  readonly intradayCloseMinutes: number;
  readonly financingDailyPercent: string;
  readonly maintenanceOfInitialPercent: string;
  readonly marginCallPercent: string;
  readonly sweepSeconds: number;
}

/** This instance's name: INSTANCE_ID, else the host name and process id (unique on a machine, readable in logs). */
export function instanceIdOf(config: Pick<Config, 'instanceId'>): string {
  return config.instanceId ?? `${hostname()}-${process.pid}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Pure: the same environment always gives the same config, so tests pass their own env.
 * Relative directories resolve against the repository root, not the working directory, so
 * `npm start` at the root and `pnpm start` in `server/` use the same folders.
 */
export function loadConfig(env: Record<string, string | undefined>, repoRoot: string = REPO_ROOT): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const resolveDir = (value: string | undefined, fallback: string) =>
    path.resolve(repoRoot, value ?? fallback);
  const dataDir = resolveDir(e.DATA_DIR, '.data');
  const mode = e.PASAR_MODE;
  return {
    port: e.PORT,
    host: e.HOST,
    mode,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}) }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    deployDir: resolveDir(e.DEPLOY_DIR, '.deploy'),
    shellDist: resolveDir(e.SHELL_DIST, path.join('shell', 'dist')),
    logLevel: e.LOG_LEVEL,
    ...(e.PUBLIC_ORIGIN ? { publicOrigin: new URL(e.PUBLIC_ORIGIN).origin } : {}),
    ...(e.TRUST_PROXY ? { trustProxy: e.TRUST_PROXY.split(',').map((a) => a.trim()) } : {}),
    ...(e.INSTANCE_ID ? { instanceId: e.INSTANCE_ID } : {}),
    ...(e.ADMIN_TOKEN ? { adminToken: e.ADMIN_TOKEN } : {}),
    // -- identity values (issue 3) --
    identity: (() => {
      const problems: string[] = [];
      if (mode === 'production') {
        if (!e.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 characters)');
        if (!e.MESSAGE_PROVIDER_URL) problems.push('MESSAGE_PROVIDER_URL: required in production (the SMS/e-mail provider)');
        if (!e.MESSAGE_PROVIDER_KEY) problems.push('MESSAGE_PROVIDER_KEY: required in production (the provider key)');
        if (e.PIN_HASH_COST !== undefined && e.PIN_HASH_COST < PIN_HASH_COST) {
          problems.push(`PIN_HASH_COST: at least ${PIN_HASH_COST} in production (lower costs are for tests)`);
        }
      }
      if (Boolean(e.MESSAGE_PROVIDER_URL) !== Boolean(e.MESSAGE_PROVIDER_KEY) && mode !== 'production') {
        problems.push('MESSAGE_PROVIDER_URL and MESSAGE_PROVIDER_KEY: set both or neither');
      }
      if (problems.length > 0) throw new ConfigError(problems);
      return {
        ...(e.JWT_SECRET ? { jwtSecret: e.JWT_SECRET } : {}),
        accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
        refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
        pinFreshSeconds: e.PIN_FRESH_SECONDS,
        rateLimitIpFactor: e.RATE_LIMIT_IP_FACTOR ?? (mode === 'production' ? 1 : 10),
        pinHashCost: e.PIN_HASH_COST ?? PIN_HASH_COST,
        ...(e.MESSAGE_PROVIDER_URL && e.MESSAGE_PROVIDER_KEY
          ? { messageProvider: { url: e.MESSAGE_PROVIDER_URL, key: e.MESSAGE_PROVIDER_KEY } }
          : {}),
      };
    })(),
    // -- account values (issue 3) --
    account: {
      kycAutoApproveSeconds:
        mode !== 'development' || e.KYC_AUTO_APPROVE_SECONDS === 'off' ? null : Number(e.KYC_AUTO_APPROVE_SECONDS ?? 20),
      telegramBotUsername: e.TELEGRAM_BOT_USERNAME ?? 'PasarNotifBot',
      ...(e.TELEGRAM_WEBHOOK_SECRET ? { telegramWebhookSecret: e.TELEGRAM_WEBHOOK_SECRET } : {}),
      ...(e.SALESFORCE_LOGIN_URL ? { salesforceLoginUrl: e.SALESFORCE_LOGIN_URL } : {}),
      ...(e.ACCOUNT_ID_SECRET ? { idSecret: e.ACCOUNT_ID_SECRET } : {}),
      uploadsDir: e.UPLOADS_DIR ? path.resolve(repoRoot, e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    },
    // -- market data values (issue 4) --
    market: {
      seed: e.MARKET_SEED,
      tickMs: e.MARKET_TICK_MS,
      usdSpreadPercent: e.MARKET_USD_SPREAD_PERCENT,
      haltCacheMs: e.MARKET_HALT_CACHE_MS,
      newsFeeds: (e.NEWS_FEEDS ?? '').split(',').map((u) => u.trim()).filter(Boolean),
      newsPollSeconds: e.NEWS_POLL_SECONDS,
    },
    // -- pub/sub and stream values (issue 4) --
    pubsub: { ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}), redisPrefix: e.REDIS_PREFIX },
    stream: { conflateMs: e.STREAM_CONFLATE_MS, pingMs: e.STREAM_PING_MS },
    // -- ledger and idempotency values (issue 5) --
    idempotency: { ttlHours: e.IDEMPOTENCY_TTL_HOURS, staleSeconds: e.IDEMPOTENCY_STALE_SECONDS, waitMs: e.IDEMPOTENCY_WAIT_MS },
    // -- wallet values (issue 5) --
    wallet: (() => {
      // PAYMENT_WEBHOOK_SECRET is required by the wallet module when a production app starts.
      if (BigInt(e.CASHOUT_MIN) <= BigInt(e.CASHOUT_FEE)) {
        throw new ConfigError(['CASHOUT_MIN: must be above CASHOUT_FEE (a cashout must leave something to send)']);
      }
      return {
        ...(e.PAYMENT_WEBHOOK_SECRET ? { paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET } : {}),
        topupDisabledChannels: (e.TOPUP_DISABLED_CHANNELS ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter((c): c is TopUpChannel => c !== ''),
        cashoutFee: String(BigInt(e.CASHOUT_FEE)),
        cashoutMin: String(BigInt(e.CASHOUT_MIN)),
        cashoutDailyLimit: String(BigInt(e.CASHOUT_DAILY_LIMIT)),
        cashoutAutoApproveMax: String(BigInt(e.CASHOUT_AUTO_APPROVE_MAX)),
        cashoutAutoApproveMinAgeHours: e.CASHOUT_AUTO_APPROVE_MIN_AGE_HOURS,
      };
    })(),
    // -- crypto trading values (issue 6) --
    crypto: {
      ordersEnabled: e.CRYPTO_ORDERS_ENABLED === 'true',
      feeRate: fraction(e.CRYPTO_FEE_PERCENT),
      buyTaxRate: fraction(e.CRYPTO_BUY_TAX_PERCENT),
      sellTaxRate: fraction(e.CRYPTO_SELL_TAX_PERCENT),
      marketBandPercent: new Decimal(e.CRYPTO_MARKET_BAND_PERCENT).toFixed(),
      priceRangePercent: new Decimal(e.CRYPTO_PRICE_RANGE_PERCENT).toFixed(),
      minOrderAmount: String(BigInt(e.CRYPTO_MIN_ORDER_IDR)),
    },
    trading: { matchIntervalMs: e.CRYPTO_MATCH_INTERVAL_MS },
    alerts: { maxWatchlists: e.WATCHLIST_MAX_LISTS, maxSymbolsPerWatchlist: e.WATCHLIST_MAX_SYMBOLS, maxActiveAlerts: e.PRICE_ALERT_MAX_ACTIVE, maxSuggestionsPerUser: e.ASSET_SUGGESTION_MAX_PER_USER },
    charts: { contentMaxBytes: e.CHART_CONTENT_MAX_BYTES, maxSavedCharts: e.CHART_MAX_SAVED, maxTemplatesPerKind: e.CHART_MAX_TEMPLATES },
    perps: {
      ordersEnabled: e.PERP_ORDERS_ENABLED === 'true',
      makerFeeRate: fraction(e.PERP_MAKER_FEE_PERCENT),
      takerFeeRate: fraction(e.PERP_TAKER_FEE_PERCENT),
      priceBandPercent: new Decimal(e.PERP_PRICE_BAND_PERCENT).toFixed(),
      minNotional: new Decimal(e.PERP_MIN_NOTIONAL_USDT).toFixed(),
      defaultLeverage: e.PERP_DEFAULT_LEVERAGE,
      marginCallPercent: e.MARGIN_CALL_RATIO_PERCENT,
      watchIntervalMs: e.MARGIN_WATCH_INTERVAL_MS,
    },
    // -- fx-wallet values (issue 5) --
    fxWallet: {
      minTransferIdr: e.FX_MIN_TRANSFER_IDR,
      minTransferUsd: e.FX_MIN_TRANSFER_USD,
      usdtSpreadPercent: e.USDT_SPREAD_PERCENT,
      perpMarginMinIdr: e.PERP_MARGIN_MIN_IDR,
      perpMarginMinUsdt: e.PERP_MARGIN_MIN_USDT,
      usdYieldAnnualPercent: e.USD_YIELD_ANNUAL_PERCENT,
      usdYieldJobMinutes: e.USD_YIELD_JOB_MINUTES,
    },
    // -- US stock values --
    usStock: {
      ordersEnabled: e.US_STOCK_ORDERS_ENABLED === 'true',
      quantityPrecision: e.US_STOCK_QUANTITY_PRECISION,
      minOrderAmount: new Decimal(e.US_STOCK_MIN_ORDER_USD).toFixed(),
      marketBandPercent: new Decimal(e.US_STOCK_MARKET_BAND_PERCENT).toFixed(),
      commissionRate: fraction(e.US_STOCK_COMMISSION_PERCENT),
      commissionMin: new Decimal(e.US_STOCK_COMMISSION_MIN_USD).toFixed(),
      secFeeRate: new Decimal(e.US_STOCK_SEC_FEE_PER_MILLION).div(1_000_000).toFixed(),
      tafPerShare: new Decimal(e.US_STOCK_TAF_PER_SHARE).toFixed(),
      tafMax: new Decimal(e.US_STOCK_TAF_MAX_USD).toFixed(),
      dividendWithholdingRate: fraction(e.US_STOCK_DIVIDEND_WITHHOLDING_PERCENT),
      dividendWithholdingNoDeclarationRate: fraction(e.US_STOCK_DIVIDEND_WITHHOLDING_NO_DECLARATION_PERCENT),
      corporateActionsJobMinutes: e.US_STOCK_CORPORATE_ACTIONS_JOB_MINUTES,
      leverage: {
        intradayCloseMinutes: e.US_LEVERAGE_INTRADAY_CLOSE_MINUTES,
        financingDailyPercent: new Decimal(e.US_LEVERAGE_FINANCING_DAILY_PERCENT).toFixed(),
        maintenanceOfInitialPercent: new Decimal(e.US_LEVERAGE_MAINTENANCE_OF_INITIAL_PERCENT).toFixed(),
        marginCallPercent: new Decimal(e.US_LEVERAGE_MARGIN_CALL_PERCENT).toFixed(),
        sweepSeconds: e.US_LEVERAGE_SWEEP_SECONDS,
      },
    },
    // -- IDX values --
    idx: {
      ordersEnabled: e.IDX_ORDERS_ENABLED === 'true',
      buyFeeRate: fraction(e.IDX_BUY_FEE_PERCENT),
      sellFeeRate: fraction(e.IDX_SELL_FEE_PERCENT),
      sellTaxRate: fraction(e.IDX_SELL_TAX_PERCENT),
      settlementJobMinutes: e.IDX_SETTLEMENT_JOB_MINUTES,
    },
  };
}
