// The page's one stream client, created on first use (same origin, the page's language).
import { appStore } from '../store/app-store';
import { createStreamClient, type StreamClient } from './client';

let instance: StreamClient | null = null;

function client(): StreamClient {
  instance ??= createStreamClient({ language: () => appStore.getState().language });
  return instance;
}

/** The default client: `stream.subscribe('ticker', 'BTC-IDR', undefined, (event) => …)`. */
export const stream: StreamClient = {
  subscribe: (channel, symbol, options, handler) => client().subscribe(channel, symbol, options, handler),
  getState: () => instance?.getState() ?? 'idle',
  onStateChange: (listener) => client().onStateChange(listener),
  reconnectNow: () => instance?.reconnectNow(),
  close: () => instance?.close(),
  stats: () => instance?.stats() ?? { gaps: 0, reconnects: 0, streams: 0 },
};
