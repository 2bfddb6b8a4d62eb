// The page's one stream client, created on first use (same origin, the page's language, and the
// signed-in user's token from the store for the private channels; none in guest mode).
import { appStore, type AppState } from '../store/app-store';
import { createStreamClient, type StreamAuthSource, type StreamClient } from './client';

let instance: StreamClient | null = null;

const tokenOf = (state: AppState): string | null => (state.guestMode ? null : state.auth.accessToken);

/** The store as the client's token source: it hears logins, renewals and logouts. */
export const storeAuthSource: StreamAuthSource = {
  getToken: () => tokenOf(appStore.getState()),
  onTokenChange(listener) {
    let last = tokenOf(appStore.getState());
    return appStore.subscribe((state) => {
      const next = tokenOf(state);
      if (next === last) return;
      last = next;
      listener();
    });
  },
};

function client(): StreamClient {
  instance ??= createStreamClient({ language: () => appStore.getState().language, auth: storeAuthSource });
  return instance;
}

/** The default client: `stream.subscribe('ticker', 'BTC-IDR', undefined, (event) => …)`. */
export const stream: StreamClient = {
  subscribe: (channel, symbol, options, handler) => client().subscribe(channel, symbol, options, handler),
  subscribePrivate: (channel, handler, options) => client().subscribePrivate!(channel, handler, options),
  getState: () => instance?.getState() ?? 'idle',
  onStateChange: (listener) => client().onStateChange(listener),
  reconnectNow: () => instance?.reconnectNow(),
  close: () => instance?.close(),
  stats: () => instance?.stats() ?? { gaps: 0, reconnects: 0, streams: 0, privateStreams: 0 },
};
