import { act, renderHook } from '@testing-library/react';
import type { PrivateStreamChannel } from '../contract/crypto-paths';
import { appStore, initialAuthState } from '../store/app-store';
import type { PrivateStreamHandler, PrivateSubscribeOptions, StreamClient } from './client';
import { usePrivateStream } from './use-private-stream';

/** A client that records private subscriptions and lets the test feed them. */
function fakeClient() {
  const subs: { channel: PrivateStreamChannel; handler: PrivateStreamHandler<PrivateStreamChannel>; options: PrivateSubscribeOptions; active: boolean }[] = [];
  const client: StreamClient = {
    subscribe: () => () => undefined,
    subscribePrivate: (channel, handler, options = {}) => {
      const sub = { channel, handler: handler as PrivateStreamHandler<PrivateStreamChannel>, options, active: true };
      subs.push(sub);
      return () => {
        sub.active = false;
      };
    },
    getState: () => 'open',
    onStateChange: () => () => undefined,
    reconnectNow: () => undefined,
    close: () => undefined,
    stats: () => ({ gaps: 0, reconnects: 0, streams: 0 }),
  };
  const live = () => subs.filter((s) => s.active);
  return { client, subs, live, emit: (message: unknown) => live().forEach((s) => s.handler(message as never)) };
}

const signIn = () => act(() => appStore.setState({ auth: { ...initialAuthState(), accessToken: 'token-1' }, guestMode: false }));
const signOut = () => act(() => appStore.setState({ auth: initialAuthState() }));

afterEach(() => {
  appStore.setState({ auth: initialAuthState(), guestMode: false });
});

describe('usePrivateStream', () => {
  it('does nothing for a guest, and subscribes once signed in', () => {
    const fake = fakeClient();
    renderHook(() => usePrivateStream('orders', () => undefined, { client: fake.client }));
    expect(fake.subs).toHaveLength(0);
    signIn();
    expect(fake.live().map((s) => s.channel)).toEqual(['orders']);
  });

  it('stays off in guest mode even with a token', () => {
    const fake = fakeClient();
    act(() => appStore.setState({ auth: { ...initialAuthState(), accessToken: 'token-1' }, guestMode: true }));
    renderHook(() => usePrivateStream('balances', () => undefined, { client: fake.client }));
    expect(fake.subs).toHaveLength(0);
  });

  it('calls the latest onMessage, passes resyncs on, and keeps one subscription across renders and renewals', () => {
    signIn();
    const fake = fakeClient();
    const seen: string[] = [];
    let resyncs = 0;
    const { rerender, unmount } = renderHook(
      ({ label }) => usePrivateStream<{ type: string }>('orders', (m) => seen.push(`${label}:${m.type}`), { client: fake.client, onResync: () => (resyncs += 1) }),
      { initialProps: { label: 'first' } },
    );
    act(() => fake.emit({ type: 'order' }));
    rerender({ label: 'second' });
    act(() => appStore.setState({ auth: { ...initialAuthState(), accessToken: 'token-2' } }));
    act(() => fake.emit({ type: 'order' }));
    act(() => fake.live()[0]!.options.onResync?.());
    expect(seen).toEqual(['first:order', 'second:order']);
    expect(resyncs).toBe(1);
    expect(fake.subs).toHaveLength(1);
    unmount();
    expect(fake.live()).toHaveLength(0);
  });

  it('unsubscribes on logout', () => {
    signIn();
    const fake = fakeClient();
    renderHook(() => usePrivateStream('balances', () => undefined, { client: fake.client }));
    expect(fake.live()).toHaveLength(1);
    signOut();
    expect(fake.live()).toHaveLength(0);
  });
});
