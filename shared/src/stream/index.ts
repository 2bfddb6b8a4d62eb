// Live market data in the browser: the stream client, the default one, and the React helpers.
export {
  backoffDelay,
  createStreamClient,
  defaultStreamUrl,
  type PrivateStreamHandler,
  type PrivateStreamMessage,
  type PrivateSubscribeOptions,
  type StreamAuthSource,
  type StreamClient,
  type StreamClientOptions,
  type StreamConnectionState,
  type StreamEvent,
  type StreamHandler,
  type StreamSubscribeOptions,
  type WebSocketFactory,
  type WebSocketLike,
} from './client';
export { storeAuthSource, stream } from './default-client';
export { frameBatcher, type FrameBatcher, type FrameScheduler } from './frame-batcher';
export { applyStreamEvent, DEFAULT_TRADES_KEPT, type StreamValue } from './reduce';
export { useStream, useStreamConnection, type UseStreamOptions, type UseStreamResult } from './use-stream';
export { usePrivateStream, type UsePrivateStreamOptions } from './use-private-stream';
