import { act, render, screen } from '@testing-library/react';
import type { StreamChannel } from '../contract/stream-paths';
import type { StreamClient, StreamConnectionState, StreamEvent, StreamHandler } from './client';
import type { FrameScheduler } from './frame-batcher';
import { applyStreamEvent } from './reduce';
import { useStream, useStreamConnection } from './use-stream';

/** A client the test feeds directly. */
function fakeClient() {
  const handlers = new Map<string, StreamHandler<StreamChannel>>();
  let state: StreamConnectionState = 'connecting';
  const listeners = new Set<(s: StreamConnectionState) => void>();
  const client: StreamClient = {
    subscribe: (channel, symbol, _options, handler) => {
      handlers.set(`${channel}:${symbol}`, handler as StreamHandler<StreamChannel>);
      return () => handlers.delete(`${channel}:${symbol}`);
    },
    getState: () => state,
    onStateChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reconnectNow: () => undefined,
    close: () => undefined,
    stats: () => ({ gaps: 0, reconnects: 0, streams: handlers.size }),
  };
  return {
    client,
    emit: (key: string, event: StreamEvent) => handlers.get(key)?.(event),
    setState: (next: StreamConnectionState) => {
      state = next;
      for (const listener of listeners) listener(next);
    },
    has: (key: string) => handlers.has(key),
  };
}

function manualFrames() {
  const callbacks: (() => void)[] = [];
  const scheduler: FrameScheduler = {
    request: (callback) => callbacks.push(callback),
    cancel: () => undefined,
  };
  return { scheduler, frame: () => act(() => callbacks.splice(0).forEach((callback) => callback())) };
}

const ticker = (seq: number, price: string): StreamEvent<'ticker'> =>
  ({ type: seq === 1 ? 'snapshot' : 'update', channel: 'ticker', symbol: 'BTC-IDR', seq, data: { price } }) as unknown as StreamEvent<'ticker'>;

describe('useStream', () => {
  it('renders at most once per animation frame with the latest value', () => {
    const fake = fakeClient();
    const frames = manualFrames();
    let renders = 0;
    function Price() {
      renders++;
      const { data, status } = useStream('ticker', 'BTC-IDR', { client: fake.client, scheduler: frames.scheduler });
      return <p>{status === 'loading' ? 'loading' : data?.price}</p>;
    }
    render(<Price />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    const before = renders;
    act(() => {
      for (let seq = 1; seq <= 500; seq++) fake.emit('ticker:BTC-IDR', ticker(seq, String(1000 + seq)));
    });
    expect(renders).toBe(before);
    frames.frame();
    expect(screen.getByText('1500')).toBeInTheDocument();
    expect(renders).toBe(before + 1);
  });

  it('unsubscribes on unmount and when the symbol changes', () => {
    const fake = fakeClient();
    const frames = manualFrames();
    function View({ symbol }: { symbol: string }) {
      useStream('ticker', symbol, { client: fake.client, scheduler: frames.scheduler });
      return null;
    }
    const { rerender, unmount } = render(<View symbol="BTC-IDR" />);
    expect(fake.has('ticker:BTC-IDR')).toBe(true);
    rerender(<View symbol="ETH-IDR" />);
    expect(fake.has('ticker:BTC-IDR')).toBe(false);
    expect(fake.has('ticker:ETH-IDR')).toBe(true);
    unmount();
    expect(fake.has('ticker:ETH-IDR')).toBe(false);
  });

  it('shows the connection state', () => {
    const fake = fakeClient();
    function Indicator() {
      return <span>{useStreamConnection(fake.client)}</span>;
    }
    render(<Indicator />);
    expect(screen.getByText('connecting')).toBeInTheDocument();
    act(() => fake.setState('open'));
    expect(screen.getByText('open')).toBeInTheDocument();
    act(() => fake.setState('reconnecting'));
    expect(screen.getByText('reconnecting')).toBeInTheDocument();
  });
});

describe('applyStreamEvent', () => {
  const trade = (id: string) => ({ id, price: '1', quantity: '1', side: 'BUY' as const, t: Number(id) });
  const trades = (type: 'snapshot' | 'update', ids: string[]) =>
    ({ type, channel: 'trades', symbol: 'X', seq: 1, data: ids.map(trade) }) as StreamEvent<'trades'>;

  it('keeps the most recent trades: a snapshot replaces, an update adds new ones without duplicates', () => {
    let list = applyStreamEvent(undefined, trades('snapshot', ['3', '2', '1']), 4);
    list = applyStreamEvent(list, trades('update', ['5', '4', '3']), 4);
    expect(list.map((t) => t.id)).toEqual(['5', '4', '3', '2']);
    list = applyStreamEvent(list, trades('snapshot', ['9']), 4);
    expect(list.map((t) => t.id)).toEqual(['9']);
  });
});
