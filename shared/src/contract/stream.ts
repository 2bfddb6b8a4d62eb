// Live streams (issue 4): the WebSocket protocol's messages — zod schemas and their types.
//
// One connection at `STREAM_PATH`, many subscriptions. The client sends
//   {op:'subscribe'|'unsubscribe', channel, symbol, resolution?, granularity?}   and   {op:'ping'}
// The server sends
//   {type:'snapshot'|'update', channel, symbol, resolution?, granularity?, seq, data}
//   {type:'unsubscribed', channel, symbol, …}   {type:'error', error_code, error_message, …}   {type:'pong'}
// `seq` counts the messages of one stream as this connection sees them: a snapshot carries the
// stream's current number and every update the next one. A client that sees seq != last + 1 has
// missed something and subscribes again (the server answers a subscribe to a stream it already
// holds with a fresh snapshot). Updates are conflated: at most one per stream per
// STREAM_CONFLATE_MS (100 ms by default), the latest value winning (trades are merged).
// `data` is by channel: ticker -> Ticker, book -> OrderBook (the full top levels, not a diff),
// trades -> Trade[] (newest first; a snapshot is the recent trades, an update the new ones),
// candles -> Candle (the current bar of the resolution).
import { z } from './zod';
import { STREAM_CHANNELS } from './stream-paths';
import type { Candle, OrderBook, Ticker, Trade } from './market';

export const StreamChannelSchema = z.enum(STREAM_CHANNELS);

const StreamSymbol = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a symbol such as BTC-IDR or AAPL');
const StreamResolution = z
  .string()
  .min(1)
  .max(8)
  .regex(/^[0-9]+[A-Za-z]?$/, 'must be a resolution such as 1, 60 or 1D');
const StreamGranularity = z
  .string()
  .min(1)
  .max(24)
  .regex(/^\d+(\.\d+)?$/, 'must be a decimal number written as a string');

/** The fields that name one stream (the option is the channel's: resolution or granularity). */
export const StreamSpecSchema = z.object({
  channel: StreamChannelSchema,
  symbol: StreamSymbol,
  resolution: StreamResolution.optional(),
  granularity: StreamGranularity.optional(),
});

export const StreamSubscribeMessage = StreamSpecSchema.extend({ op: z.literal('subscribe') }).strict();
export const StreamUnsubscribeMessage = StreamSpecSchema.extend({ op: z.literal('unsubscribe') }).strict();
/** Application-level heartbeat: browsers cannot see WebSocket pings, so the client asks. */
export const StreamPingMessage = z.object({ op: z.literal('ping') }).strict();

/** Everything a client may send; anything else is answered with an `error` message (code 002). */
export const StreamClientMessage = z.discriminatedUnion('op', [
  StreamSubscribeMessage,
  StreamUnsubscribeMessage,
  StreamPingMessage,
]);
export type StreamClientMessage = z.infer<typeof StreamClientMessage>;
export type StreamSubscribeMessage = z.infer<typeof StreamSubscribeMessage>;

/** What each channel's `data` carries. */
export interface StreamDataByChannel {
  ticker: Ticker;
  book: OrderBook;
  trades: Trade[];
  candles: Candle;
}

export const StreamDataMessage = StreamSpecSchema.extend({
  type: z.enum(['snapshot', 'update']),
  seq: z.number().int().nonnegative(),
  data: z.unknown(),
});
export const StreamUnsubscribedMessage = StreamSpecSchema.extend({ type: z.literal('unsubscribed') });
export const StreamErrorMessage = StreamSpecSchema.partial().extend({
  type: z.literal('error'),
  error_code: z.string(),
  error_message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export const StreamPongMessage = z.object({ type: z.literal('pong'), t: z.number() });

export const StreamServerMessage = z.discriminatedUnion('type', [
  StreamDataMessage,
  StreamUnsubscribedMessage,
  StreamErrorMessage,
  StreamPongMessage,
]);

/** A snapshot or update of one stream, typed by its channel. */
export type StreamDataMessage<C extends keyof StreamDataByChannel = keyof StreamDataByChannel> = {
  [K in C]: {
    type: 'snapshot' | 'update';
    channel: K;
    symbol: string;
    resolution?: string;
    granularity?: string;
    seq: number;
    data: StreamDataByChannel[K];
  };
}[C];
export type StreamUnsubscribedMessage = z.infer<typeof StreamUnsubscribedMessage>;
export type StreamErrorMessage = z.infer<typeof StreamErrorMessage>;
export type StreamPongMessage = z.infer<typeof StreamPongMessage>;
export type StreamServerMessage =
  | StreamDataMessage
  | StreamUnsubscribedMessage
  | StreamErrorMessage
  | StreamPongMessage;
