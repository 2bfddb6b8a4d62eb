// Live streams (issue 4) as plain values: the WebSocket path, the channels, the limits and the
// key of a stream. The browser index exports these without zod (decision 0006); the zod schemas
// of the messages are in `stream.ts`.

/** The one WebSocket of the site: same origin, `ws(s)://<host>/api/stream`. */
export const STREAM_PATH = '/api/stream';

/** What a client can subscribe to, per symbol. */
export const STREAM_CHANNELS = ['ticker', 'book', 'trades', 'candles'] as const;
export type StreamChannel = (typeof STREAM_CHANNELS)[number];

export const isStreamChannel = (value: unknown): value is StreamChannel =>
  typeof value === 'string' && (STREAM_CHANNELS as readonly string[]).includes(value);

/** Limits the hub enforces on every connection (the server answers an `error` message). */
export const STREAM_LIMITS = {
  /** Distinct streams one connection may hold at once. */
  maxSubscriptionsPerConnection: 64,
  /** Largest client message accepted (bytes); larger ones get an error, the connection stays. */
  maxClientMessageBytes: 2048,
  /** Above this the connection is closed (1009): nobody sends 64 KiB of subscribe messages. */
  maxFrameBytes: 64 * 1024,
  /** Trades kept in one conflated `trades` message (newest first). */
  maxTradesPerMessage: 100,
} as const;

/** At most one message per stream per this many milliseconds (the server's default). */
export const STREAM_CONFLATE_MS_DEFAULT = 100;

/** What identifies one stream: the channel, the symbol, and the channel's option. */
export interface StreamSpec {
  readonly channel: StreamChannel;
  readonly symbol: string;
  /** Candles only: a resolution of §9 (`1`, `5`, `60`, `1D`, …). */
  readonly resolution?: string;
  /** Book only: the price grouping (a decimal string); absent = the instrument's finest. */
  readonly granularity?: string;
}

/**
 * A stream's key, the same on both sides: `book:BTC-IDR:1000`, `candles:AAPL:5`, `ticker:BBCA`.
 * Only the option of the channel counts (a resolution on a ticker stream is ignored).
 */
export function streamKey(spec: StreamSpec): string {
  const option =
    spec.channel === 'candles' ? (spec.resolution ?? '') : spec.channel === 'book' ? (spec.granularity ?? '') : '';
  return option ? `${spec.channel}:${spec.symbol}:${option}` : `${spec.channel}:${spec.symbol}`;
}

/** The spec with only the option its channel uses (what the server echoes back). */
export function normalizeStreamSpec(spec: StreamSpec): StreamSpec {
  const base = { channel: spec.channel, symbol: spec.symbol };
  if (spec.channel === 'candles' && spec.resolution) return { ...base, resolution: spec.resolution };
  if (spec.channel === 'book' && spec.granularity) return { ...base, granularity: spec.granularity };
  return base;
}
