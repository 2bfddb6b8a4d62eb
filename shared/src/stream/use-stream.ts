// React hooks over the stream client: a stream's value, rendered at most once per animation
// frame, and the connection state for a "live / reconnecting" indicator.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StreamChannel } from '../contract/stream-paths';
import type { StreamErrorMessage } from '../contract/stream';
import type { StreamClient, StreamConnectionState } from './client';
import { frameBatcher, type FrameScheduler } from './frame-batcher';
import { applyStreamEvent, DEFAULT_TRADES_KEPT, type StreamValue } from './reduce';
import { stream as defaultStream } from './default-client';

export interface UseStreamOptions {
  readonly resolution?: string;
  readonly granularity?: string;
  /** Trades kept (trades channel); default 50. */
  readonly tradesKept?: number;
  /** false: do not subscribe (e.g. the view is hidden). */
  readonly enabled?: boolean;
  readonly client?: StreamClient;
  /** Tests: how frames are scheduled (default requestAnimationFrame). */
  readonly scheduler?: FrameScheduler;
}

export interface UseStreamResult<C extends StreamChannel> {
  /** The latest value; undefined until the first snapshot. */
  readonly data: StreamValue<C> | undefined;
  readonly status: 'loading' | 'live' | 'error';
  readonly error?: StreamErrorMessage;
}

interface Rendered<C extends StreamChannel> {
  readonly key: string;
  readonly data: StreamValue<C> | undefined;
  readonly error?: StreamErrorMessage;
}

/**
 * Subscribes while mounted (and enabled) and re-renders at most once per animation frame with
 * the latest value, however many messages arrive in between. `symbol` null/empty: nothing.
 */
export function useStream<C extends StreamChannel>(
  channel: C,
  symbol: string | null | undefined,
  options: UseStreamOptions = {},
): UseStreamResult<C> {
  const { resolution, granularity, tradesKept = DEFAULT_TRADES_KEPT, enabled = true, client = defaultStream, scheduler } = options;
  const key = `${channel}|${symbol ?? ''}|${resolution ?? ''}|${granularity ?? ''}`;
  const [rendered, setRendered] = useState<Rendered<C>>({ key, data: undefined });

  useEffect(() => {
    if (!symbol || !enabled) return undefined;
    let value: StreamValue<C> | undefined;
    const batcher = frameBatcher<Rendered<C>>(setRendered, scheduler);
    const unsubscribe = client.subscribe(
      channel,
      symbol,
      {
        ...(resolution ? { resolution } : {}),
        ...(granularity ? { granularity } : {}),
        onError: (error) => batcher.push({ key, data: value, error }),
      },
      (event) => {
        value = applyStreamEvent(value, event, tradesKept);
        batcher.push({ key, data: value });
      },
    );
    return () => {
      batcher.cancel();
      unsubscribe();
    };
  }, [client, channel, symbol, resolution, granularity, tradesKept, enabled, key, scheduler]);

  // A value of another stream (the symbol just changed) is not shown.
  const current = rendered.key === key ? rendered : undefined;
  if (current?.error) return { data: current.data, status: 'error', error: current.error };
  return { data: current?.data, status: current?.data === undefined ? 'loading' : 'live' };
}

/** The connection state, for a "live / reconnecting" indicator. */
export function useStreamConnection(client: StreamClient = defaultStream): StreamConnectionState {
  return useSyncExternalStore(client.onStateChange, client.getState, client.getState);
}
