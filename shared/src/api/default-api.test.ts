import { AxiosError, type AxiosAdapter } from 'axios';
import Cookies from 'js-cookie';
import { createEventBus } from '../events/event-bus';
import type { EventMap } from '../events/event-map';
import { createAppStore } from '../store/app-store';
import { createApiClient } from './api-client';
import { logoutSession, sessionHooks } from './default-api';

const TOKEN = 'opaque-access-token-123';

function answer(status: number, body: unknown): AxiosAdapter {
  return async (config) => ({ status, statusText: '', headers: {}, config, data: body });
}

function setup(adapter: AxiosAdapter) {
  const bus = createEventBus<EventMap>();
  const events: string[] = [];
  bus.on('session:maintenance', () => events.push('maintenance'));
  bus.on('prompt:pin', (p) => events.push(`prompt ${p.code}`));
  bus.on('auth:logout', (p) => events.push(`logout ${p.reason}`));
  const store = createAppStore({ bus });
  store.getState().login({ accessToken: TOKEN, userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' } });
  const client = createApiClient({ ...sessionHooks(store, bus), adapter, sleep: async () => undefined, logger: { error: () => undefined } });
  return { store, client, events };
}

describe('session hooks of the shared client', () => {
  it('sets maintenance and emits session:maintenance on 503', async () => {
    const { client, store, events } = setup(answer(503, { status: 'error', error_code: '1151', error_message: 'x' }));
    await client.get('/a').catch(() => undefined);
    expect(store.getState().maintenance).toBe(true);
    expect(events).toEqual(['maintenance']);
  });

  it('emits prompt:pin with the code on 400 040', async () => {
    const { client, events } = setup(answer(400, { status: 'error', error_code: '040', error_message: 'PIN' }));
    await client.post('/a', {}).catch(() => undefined);
    expect(events).toEqual(['prompt 040']);
  });

  it('logs out once (forced) when parallel calls answer 401', async () => {
    const { client, store, events } = setup(answer(401, { status: 'error', error_code: '009', error_message: 'x' }));
    await Promise.all([client.get('/a').catch(() => undefined), client.get('/b').catch(() => undefined)]);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(events).toEqual(['logout forced']);
  });

  it('sends the store token and language', async () => {
    const seen: Record<string, unknown>[] = [];
    const { client, store } = setup(async (config) => {
      seen.push({ ...config.headers });
      return { status: 200, statusText: '', headers: {}, config, data: { status: 'success', data: 1 } };
    });
    store.getState().setLanguage('en');
    await client.get('/a', { language: true });
    expect(seen[0].Authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]['x-language-code']).toBe('en');
    expect(String(seen[0]['x-device-id'])).toMatch(/^web-/);
  });
});

describe('logoutSession', () => {
  beforeEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  });

  it('clears the session after a successful logout call', async () => {
    const { client, store, events } = setup(answer(200, { status: 'success', data: null }));
    await logoutSession(client, store);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(events).toEqual(['logout user']);
  });

  it('still clears the session when the logout call fails, without a forced logout', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, store, events } = setup(answer(401, { status: 'error', error_code: '009', error_message: 'x' }));
    await logoutSession(client, store);
    expect(store.getState().auth.accessToken).toBeNull();
    expect(events).toEqual(['logout user']);
    spy.mockRestore();
  });

  it('still clears the session when the network is down', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client, store } = setup(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    });
    await logoutSession(client, store);
    expect(store.getState().auth.accessToken).toBeNull();
    spy.mockRestore();
  });

  it('reads the device id once per client, not per call', async () => {
    const seen: string[] = [];
    const client = createApiClient({
      ...sessionHooks(createAppStore({ bus: createEventBus<EventMap>() })),
      adapter: async (config) => {
        seen.push(String(config.headers['x-device-id']));
        return { status: 200, statusText: '', headers: {}, config, data: { status: 'success', data: {} } };
      },
    });
    await client.get('/a');
    const read = jest.spyOn(Cookies, 'get');
    await client.get('/b');
    await client.get('/c');
    expect(read).not.toHaveBeenCalledWith('deviceId');
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).toMatch(/^web-/);
    read.mockRestore();
  });
});
