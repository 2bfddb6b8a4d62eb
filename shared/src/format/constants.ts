// Business constants and limits of product-spec §9, in one place so no module repeats a literal.

/** The product's name (shown in the UI) and the key used in storage names (`pasarToken`). */
export const APP_NAME = 'Pasar';
export const PRODUCT_KEY = 'pasar';

/** Percent change is shown with 2 decimals. */
export const PERCENT_PRECISION = 2;
/** Default maximum fraction digits of number formatting (and of compact units). */
export const DEFAULT_MAX_FRACTION_DIGITS = 2;

/** Layout breakpoints in CSS pixels. */
export const BREAKPOINTS = { large: 1024, medium: 900, small: 640 } as const;

/** Tooltip timings (ms) and size (px). */
export const TOOLTIP = {
  enterDelayMs: 100,
  touchEnterDelayMs: 700,
  touchLeaveDelayMs: 1500,
  maxWidth: 300,
} as const;

/** A trading halt is shown on the chart symbol only after this delay (ms). */
export const HALT_STATUS_DELAY_MS = 500;

/** Symbol-info cache lifetime: 10 minutes. */
export const SYMBOL_CACHE_TTL_MS = 10 * 60 * 1000;

/** API client (§7). */
export const REQUEST_TIMEOUT_MS = 100_000;
export const REQUEST_RETRIES = 3;
/** The n-th retry waits RETRY_DELAY_MS × n. */
export const RETRY_DELAY_MS = 500;
/** Client id the web client sends as `x-client-id`. */
export const WEB_CLIENT_ID = 9;
/** `x-platform` of the main and trade hosts. */
export const PLATFORM_HEADER_VALUE = 'desktop-web';
/** Prefix of the `x-device-id` header value. */
export const DEVICE_ID_PREFIX = 'web-';

/** Page sizes. */
export const DEVICE_LIST_PAGE_SIZE = 10;
export const TRANSACTION_HISTORY_PAGE_SIZE = 30;

/** Price scale of the charting library (prices are shown with 2 decimals by default). */
export const PRICE_SCALE = 100;

/** 828e5 ms = 23 hours; the specification names the constant but not its use. */
export const TWENTY_THREE_HOURS_MS = 828e5;

/** Buy/sell slider: percent of available power (balance for buy, holdings for sell). */
export const SLIDER = { min: 0, max: 100, step: 1, marks: [0, 25, 50, 75, 100] } as const;

/** Order book depth shown per side. */
export const ORDER_BOOK_DEPTH = 10;
