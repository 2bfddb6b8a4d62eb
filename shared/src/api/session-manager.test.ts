import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createEventBus } from '../events/event-bus';
import type { EventMap } from '../events/event-map';
import { createAppStore } from '../store/app-store';
import { encodeBase64Url } from '../storage/base64-codec';
import { createApiClient } from './api-client';
import { sessionHooks } from './default-api';
import {
  accessTokenExpiry,
  createSessionManager,
  MIN_REFRESH_DELAY_MS,
  REFRESH_AHEAD_MS,
  requestPrompt,
  setPromptHandler,
} from './session-manager';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

/** A JWT-shaped token (unsigned: the client only reads `exp`). */
const jwt = (expMs: number, sub = 'u1') =>
  `${encodeBase64Url('{"alg":"HS256"}')}.${encodeBase64Url(JSON.stringify({ sub, exp: Math.floor(expMs / 1000) }))}.sig`;

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { status: 'success', data } });
const fail = (status: number, code: string): Reply => ({ status, body: { status: 'error', error_code: code, error_message: code } });

function server(routes: Record<string, Reply[] | ((config: InternalAxiosRequestConfig) => Reply)>) {
  const seen: Array<{ method: string; url: string; auth?: string; requestId?: string }> = [];
  const counters: Record<string, number> = {};
  const adapter: AxiosAdapter = async (config) => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    seen.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      auth: config.headers?.Authorization as string | undefined,
      requestId: config.headers?.['x-request-id'] as string | undefined,
    });
    const route = routes[key];
    if (!route) return { status: 404, statusText: '', headers: {}, config, data: { status: 'error', error_code: '003' } };
    const reply = typeof route === 'function' ? route(config) : route[Math.min((counters[key] = (counters[key] ?? -1) + 1), route.length - 1)];
    return { status: reply.status, statusText: '', headers: {}, config, data: reply.body };
  };
  return { adapter, seen };
}

const session = (token: string) => ({
  accessToken: token,
  expiresInSeconds: 900,
  user: { id: 'u1', phone: '+6281234567890', name: 'Budi', kycStatus: 'VERIFIED', gssKycStatus: 'PENDING' },
});

function setup(routes: Parameters<typeof server>[0], token: string | null = jwt(NOW + 15 * 60_000)) {
  const bus = createEventBus<EventMap>();
  const logouts: string[] = [];
  bus.on('auth:logout', (p) => logouts.push(p.reason));
  const store = createAppStore({ bus });
  if (token) store.getState().login({ accessToken: token, userDetails: { id: 'u1', gssKycStatus: 'NOT_SUBMITTED' } });
  const { adapter, seen } = server(routes);
  const hooks = sessionHooks(store, bus);
  const client = createApiClient({ ...hooks, adapter, retries: 0, logger: { error: () => undefined } });
  const manager = createSessionManager({
    client,
    store,
    now: () => Date.now(),
    withLock: (task) => task(),
    readTokenCookie: () => store.getState().auth.accessToken ?? undefined,
    logger: { error: () => undefined },
  });
  client.configure({ refreshSession: () => manager.refresh() });
  return { store, client, manager, seen, logouts };
}

describe('accessTokenExpiry', () => {
  it('reads exp of a JWT in ms, null for opaque or broken tokens', () => {
    expect(accessTokenExpiry(jwt(NOW))).toBe(Math.floor(NOW / 1000) * 1000);
    expect(accessTokenExpiry('opaque-token-0123456789')).toBeNull();
    expect(accessTokenExpiry('a.b.c')).toBeNull();
    expect(accessTokenExpiry(null)).toBeNull();
  });
});

describe('refresh scheduling', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
  });
  afterEach(() => jest.useRealTimers());

  it('refreshes a minute before the access token expires, then again for the new token', async () => {
    const first = jwt(NOW + 15 * 60_000);
    const second = jwt(NOW + 30 * 60_000);
    const third = jwt(NOW + 45 * 60_000);
    const { manager, store, seen } = setup({ 'POST /api/auth/refresh': [ok(session(second)), ok(session(third))] }, first);
    await manager.start();
    expect(manager.nextRefreshAt()).toBe(NOW + 15 * 60_000 - REFRESH_AHEAD_MS);
    expect(seen).toHaveLength(0);

    await jest.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_AHEAD_MS - 1);
    expect(seen).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(seen.map((r) => r.url)).toEqual(['/api/auth/refresh']);
    expect(store.getState().auth.accessToken).toBe(second);
    // The user details come from the answer; no second auth:login.
    expect(store.getState().auth.userDetails).toEqual({ id: 'u1', gssKycStatus: 'PENDING' });
    expect(manager.nextRefreshAt()).toBe(NOW + 30 * 60_000 - REFRESH_AHEAD_MS);

    await jest.advanceTimersByTimeAsync(15 * 60_000);
    expect(store.getState().auth.accessToken).toBe(third);
    manager.stop();
    expect(manager.nextRefreshAt()).toBeNull();
  });

  it('refreshes at once on start when the token has expired, and logs out when that fails', async () => {
    const { manager, store, seen, logouts } = setup({ 'POST /api/auth/refresh': [fail(401, '009')] }, jwt(NOW - 1000));
    await manager.start();
    expect(seen.map((r) => r.url)).toEqual(['/api/auth/refresh']);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(logouts).toEqual(['forced']);
    manager.stop();
  });

  it('never schedules sooner than the minimum delay', async () => {
    const { manager } = setup({ 'POST /api/auth/refresh': [ok(session(jwt(NOW + 62_000)))] }, jwt(NOW - 1));
    await manager.start();
    expect(manager.nextRefreshAt()).toBe(NOW + MIN_REFRESH_DELAY_MS);
    manager.stop();
  });

  it('adopts a token another tab already renewed instead of refreshing again', async () => {
    const renewed = jwt(NOW + 30 * 60_000);
    const { store, client } = setup({}, jwt(NOW + 10_000));
    const manager = createSessionManager({ client, store, withLock: (task) => task(), readTokenCookie: () => renewed });
    await expect(manager.refresh()).resolves.toBe(true);
    expect(store.getState().auth.accessToken).toBe(renewed);
  });
});

describe('401 handling', () => {
  it('refreshes once and sends the call again with the new token', async () => {
    const renewed = jwt(NOW + 60 * 60_000, 'u1-new');
    const { client, seen, store } = setup({
      'GET /api/user/me': (config) =>
        config.headers?.Authorization === `Bearer ${renewed}` ? ok({ id: 'u1' }) : fail(401, '009'),
      'POST /api/auth/refresh': [ok(session(renewed))],
    });
    await expect(client.get('/api/user/me')).resolves.toEqual({ id: 'u1' });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/user/me', 'POST /api/auth/refresh', 'GET /api/user/me']);
    expect(store.getState().auth.accessToken).toBe(renewed);
  });

  it('parallel 401s share one refresh', async () => {
    const renewed = jwt(NOW + 60 * 60_000, 'u1-new');
    const answer = (config: InternalAxiosRequestConfig) =>
      config.headers?.Authorization === `Bearer ${renewed}` ? ok(1) : fail(401, '009');
    const { client, seen } = setup({ 'GET /a': answer, 'GET /b': answer, 'POST /api/auth/refresh': [ok(session(renewed))] });
    await Promise.all([client.get('/a'), client.get('/b')]);
    expect(seen.filter((r) => r.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('logs out (forced) when the refresh fails too', async () => {
    const { client, store, logouts } = setup({ 'GET /a': [fail(401, '009')], 'POST /api/auth/refresh': [fail(401, '009')] });
    await expect(client.get('/a')).rejects.toMatchObject({ code: '009', httpStatus: 401 });
    expect(store.getState().auth.accessToken).toBeNull();
    expect(logouts).toEqual(['forced']);
  });

  it('a business 403 (PIN blocked, KYC incomplete) does not end the session', async () => {
    const { client, store } = setup({ 'POST /a': [fail(403, '1119')], 'POST /b': [fail(403, '007')] });
    await expect(client.post('/a')).rejects.toMatchObject({ code: '1119' });
    await expect(client.post('/b')).rejects.toMatchObject({ code: '007' });
    expect(store.getState().auth.accessToken).not.toBeNull();
  });
});

describe('the 040/041 prompt and retry', () => {
  let off: () => void = () => undefined;
  afterEach(() => off());

  it('after the PIN is verified, the same call is sent again and its answer returned', async () => {
    const prompts: string[] = [];
    off = setPromptHandler(async (code) => {
      prompts.push(code);
      return true;
    });
    const { client, seen } = setup({ 'POST /api/bank-accounts': [fail(400, '040'), ok({ id: 'b1' })] });
    await expect(client.post('/api/bank-accounts', { bankCode: '014' })).resolves.toEqual({ id: 'b1' });
    expect(prompts).toEqual(['040']);
    expect(seen).toHaveLength(2);
    // A new request id: the refused attempt must not be replayed by the server's deduplication.
    expect(seen[0].requestId).not.toBe(seen[1].requestId);
  });

  it('a cancelled prompt fails the call with 040', async () => {
    off = setPromptHandler(async () => false);
    const { client, seen } = setup({ 'POST /x': [fail(400, '040'), ok(1)] });
    await expect(client.post('/x')).rejects.toMatchObject({ code: '040', httpStatus: 400 });
    expect(seen).toHaveLength(1);
  });

  it('041 then 040 are both answered, then it gives up rather than loop', async () => {
    const prompts: string[] = [];
    off = setPromptHandler(async (code) => {
      prompts.push(code);
      return true;
    });
    const { client } = setup({ 'POST /y': [fail(400, '041'), fail(400, '040'), fail(400, '040')] });
    await expect(client.post('/y')).rejects.toMatchObject({ code: '040' });
    expect(prompts).toEqual(['041', '040']);
  });

  it('parallel calls hitting 040 share one prompt', async () => {
    let release: (done: boolean) => void = () => undefined;
    let opened = 0;
    off = setPromptHandler(
      () =>
        new Promise<boolean>((resolve) => {
          opened += 1;
          release = resolve;
        }),
    );
    const first = requestPrompt('040');
    const second = requestPrompt('040');
    release(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(opened).toBe(1);
  });
});
