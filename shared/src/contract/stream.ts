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
//
// Private channels (issue 6) of a signed-in user, on the same connection. Browsers cannot set
// headers on a WebSocket, so the client authenticates with a message, and again with each
// renewed token:
//   {op:'auth', token}   -> {type:'authenticated', expiresAt}   (epoch ms of the token's expiry)
//   {op:'unauth'}        -> {type:'unauthenticated', reason:'signed-out'}   (a logout in the page)
//   {op:'subscribe'|'unsubscribe', channel:'orders'|'balances'}   (no symbol: the user's own)
//                        -> {type:'subscription', channel, active}
// then {type:'event', channel, data} for every event of that user (never conflated, in order).
// A refused or ended authentication answers {type:'unauthenticated', reason, error_code,
// error_message} and ends every private subscription of the connection (public streams go on):
// reason 'invalid' (bad token, ended session), 'expired' (the token ran out and no new one came),
// 'ended' (the session was ended, e.g. from another device, found at the next periodic check),
// 'required' (a private subscribe before any auth; `channel` says which).
import { z } from './zod';
import { STREAM_CHANNELS } from './stream-paths';
import { PRIVATE_STREAM_CHANNELS } from './crypto-paths';
import type { Candle, OrderBook, Ticker, Trade } from './market';
import type { CryptoOrder } from './crypto';
import type { NotificationStreamEvent } from './price-alerts';

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

// ---- private channels (issue 6) ----

export const PrivateStreamChannelSchema = z.enum(PRIVATE_STREAM_CHANNELS);
/** The access token (a JWT); the message limit (STREAM_LIMITS.maxClientMessageBytes) bounds it too. */
export const StreamAuthMessage = z.object({ op: z.literal('auth'), token: z.string().min(1).max(2000) }).strict();
export const StreamUnauthMessage = z.object({ op: z.literal('unauth') }).strict();
export const StreamPrivateSubscribeMessage = z.object({ op: z.literal('subscribe'), channel: PrivateStreamChannelSchema }).strict();
export const StreamPrivateUnsubscribeMessage = z
  .object({ op: z.literal('unsubscribe'), channel: PrivateStreamChannelSchema })
  .strict();
/** The messages of the private side (a subscribe naming a private channel is one of these). */
export const StreamPrivateClientMessage = z.union([
  StreamAuthMessage,
  StreamUnauthMessage,
  StreamPrivateSubscribeMessage,
  StreamPrivateUnsubscribeMessage,
]);
export type StreamPrivateClientMessage = z.infer<typeof StreamPrivateClientMessage>;

/** What each private channel's events carry (published by the orders module on `user.<id>.<channel>`). */
export interface PrivateStreamDataByChannel {
  /** After every change of one of the user's orders (placed, triggered, filled, cancelled, …). */
  orders: { type: 'order'; order: CryptoOrder };
  /** After every ledger change of the user's balances, naming the currencies ('IDR', 'BTC', …). */
  balances: { type: 'balances'; currencies: string[] };
  /** Each notification put in the user's centre (a fired price alert, a filled order, …), live. */
  notifications: NotificationStreamEvent;
}

export const STREAM_UNAUTHENTICATED_REASONS = ['invalid', 'expired', 'ended', 'required', 'signed-out'] as const;
export const StreamAuthenticatedMessage = z.object({ type: z.literal('authenticated'), expiresAt: z.number() });
export const StreamUnauthenticatedMessage = z.object({
  type: z.literal('unauthenticated'),
  reason: z.enum(STREAM_UNAUTHENTICATED_REASONS),
  channel: PrivateStreamChannelSchema.optional(),
  error_code: z.string().optional(),
  error_message: z.string().optional(),
});
export const StreamSubscriptionMessage = z.object({
  type: z.literal('subscription'),
  channel: PrivateStreamChannelSchema,
  active: z.boolean(),
});
export const StreamEventMessage = z.object({ type: z.literal('event'), channel: PrivateStreamChannelSchema, data: z.unknown() });
export type StreamAuthenticatedMessage = z.infer<typeof StreamAuthenticatedMessage>;
export type StreamUnauthenticatedMessage = z.infer<typeof StreamUnauthenticatedMessage>;
export type StreamSubscriptionMessage = z.infer<typeof StreamSubscriptionMessage>;
/** An event of a private channel, typed by its channel. */
export type StreamEventMessage<C extends keyof PrivateStreamDataByChannel = keyof PrivateStreamDataByChannel> = {
  [K in C]: { type: 'event'; channel: K; data: PrivateStreamDataByChannel[K] };
}[C];

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
  StreamAuthenticatedMessage,
  StreamUnauthenticatedMessage,
  StreamSubscriptionMessage,
  StreamEventMessage,
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
  | StreamPongMessage
  | StreamAuthenticatedMessage
  | StreamUnauthenticatedMessage
  | StreamSubscriptionMessage
  | StreamEventMessage;
