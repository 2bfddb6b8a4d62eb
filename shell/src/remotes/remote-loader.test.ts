import type { RemoteModule, RemoteRegistry } from '@pasar/shared';
import { createRemoteLoader, RemoteUnavailableError, type TrackedPromise } from './remote-loader';

const registry = (remotes: Record<string, string>): RemoteRegistry => ({
  updatedAt: '2026-11-22T00:00:00Z',
  remotes: Object.fromEntries(Object.entries(remotes).map(([name, entry]) => [name, { version: '1.0.0', entry }])),
});

const moduleOf = (id: string): RemoteModule => ({
  id,
  namespace: id.replace('mf_', ''),
  routes: [],
  nav: [],
  i18n: { id: { title: 'Judul' }, en: { title: 'Title' } },
});

const fakeRuntime = () => ({
  fetchRegistry: jest.fn<Promise<RemoteRegistry>, []>(async () =>
    registry({ mf_trade: '/remotes/mf_trade/1/mf-manifest.json', mf_wallet: '/w.json' }),
  ),
  register: jest.fn<void, [ReadonlyArray<{ name: string; entry: string }>]>(),
  loadModule: jest.fn<Promise<unknown>, [string]>(async (id) => moduleOf(id)),
});

describe('remote loader', () => {
  it('reads the registry once and loads each remote once', async () => {
    const runtime = fakeRuntime();
    const loader = createRemoteLoader(runtime);
    const first = loader.load('mf_trade');
    expect(loader.load('mf_trade')).toBe(first);
    await expect(first).resolves.toMatchObject({ id: 'mf_trade' });
    await loader.load('mf_wallet');
    expect(runtime.fetchRegistry).toHaveBeenCalledTimes(1);
    expect(runtime.loadModule).toHaveBeenCalledTimes(2);
    expect(runtime.register).toHaveBeenCalledWith([{ name: 'mf_trade', entry: '/remotes/mf_trade/1/mf-manifest.json' }]);
  });

  it('registers translations before the module is handed out', async () => {
    const order: string[] = [];
    const loader = createRemoteLoader(fakeRuntime(), { onLoaded: (m) => order.push(`translations:${m.namespace}`) });
    await loader.load('mf_trade').then(() => order.push('render'));
    expect(order).toEqual(['translations:trade', 'render']);
  });

  it('marks the promise fulfilled so a loaded remote renders without suspending', async () => {
    const loader = createRemoteLoader(fakeRuntime());
    const promise = loader.load('mf_trade') as TrackedPromise<RemoteModule>;
    await promise;
    expect(promise.status).toBe('fulfilled');
    expect(promise.value?.id).toBe('mf_trade');
  });

  it('fails a remote the registry does not list', async () => {
    const loader = createRemoteLoader(fakeRuntime());
    await expect(loader.load('mf_reports')).rejects.toMatchObject({ reason: 'not-registered', remoteId: 'mf_reports' });
  });

  it('fails on a module without routes', async () => {
    const loader = createRemoteLoader({ ...fakeRuntime(), loadModule: async () => ({ nope: true }) });
    await expect(loader.load('mf_trade')).rejects.toMatchObject({ reason: 'invalid-module' });
  });

  it('keeps a failure until retry, then reloads only that remote from a fresh registry', async () => {
    const runtime = fakeRuntime();
    runtime.loadModule.mockRejectedValueOnce(new Error('manifest 404'));
    const loader = createRemoteLoader(runtime);
    await expect(loader.load('mf_trade')).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(loader.load('mf_trade')).rejects.toMatchObject({ reason: 'load' });
    await loader.load('mf_wallet');

    runtime.fetchRegistry.mockResolvedValueOnce(registry({ mf_trade: '/remotes/mf_trade/0.9/mf-manifest.json', mf_wallet: '/w.json' }));
    await expect(loader.retry('mf_trade')).resolves.toMatchObject({ id: 'mf_trade' });
    expect(runtime.fetchRegistry).toHaveBeenCalledTimes(2);
    expect(runtime.register).toHaveBeenLastCalledWith([{ name: 'mf_trade', entry: '/remotes/mf_trade/0.9/mf-manifest.json' }]);
    // mf_wallet stays as it was: loaded once, never re-registered.
    expect(runtime.loadModule.mock.calls.filter(([id]) => id === 'mf_wallet')).toHaveLength(1);
    expect(runtime.register.mock.calls.filter(([[r]]) => r.name === 'mf_wallet')).toHaveLength(1);
  });

  it('asks for the registry again after it failed to load', async () => {
    const runtime = fakeRuntime();
    runtime.fetchRegistry.mockRejectedValueOnce(new Error('offline'));
    const loader = createRemoteLoader(runtime);
    await expect(loader.load('mf_trade')).rejects.toMatchObject({ reason: 'registry' });
    await expect(loader.load('mf_wallet')).resolves.toMatchObject({ id: 'mf_wallet' });
  });

  it('refuses a registry that does not match the schema', async () => {
    const loader = createRemoteLoader({ ...fakeRuntime(), fetchRegistry: async () => ({ remotes: 'nope' }) as unknown as RemoteRegistry });
    await expect(loader.load('mf_trade')).rejects.toMatchObject({ reason: 'registry' });
  });

  describe('with the registry the server inlined into the page', () => {
    const inline = registry({ mf_trade: '/remotes/mf_trade/2/mf-manifest.json', mf_wallet: '/w.json' });

    it('uses it without fetching /remotes.json', async () => {
      const runtime = { ...fakeRuntime(), inlineRegistry: jest.fn(() => JSON.parse(JSON.stringify(inline)) as unknown) };
      const loader = createRemoteLoader(runtime);
      await loader.load('mf_trade');
      await loader.load('mf_wallet');
      expect(runtime.fetchRegistry).not.toHaveBeenCalled();
      expect(runtime.inlineRegistry).toHaveBeenCalledTimes(1);
      expect(runtime.register).toHaveBeenCalledWith([{ name: 'mf_trade', entry: '/remotes/mf_trade/2/mf-manifest.json' }]);
    });

    it('fetches the registry on retry, so a rollback is seen', async () => {
      const runtime = { ...fakeRuntime(), inlineRegistry: jest.fn(() => inline as unknown) };
      runtime.loadModule.mockRejectedValueOnce(new Error('chunk 404'));
      const loader = createRemoteLoader(runtime);
      await expect(loader.load('mf_trade')).rejects.toMatchObject({ reason: 'load' });
      expect(runtime.fetchRegistry).not.toHaveBeenCalled();
      await expect(loader.retry('mf_trade')).resolves.toMatchObject({ id: 'mf_trade' });
      expect(runtime.fetchRegistry).toHaveBeenCalledTimes(1);
      expect(runtime.register).toHaveBeenLastCalledWith([{ name: 'mf_trade', entry: '/remotes/mf_trade/1/mf-manifest.json' }]);
    });

    it('fetches when the page has none or it is invalid', async () => {
      for (const inlineRegistry of [() => undefined, () => ({ remotes: 'nope' }) as unknown, () => { throw new SyntaxError('bad JSON'); }]) {
        const runtime = { ...fakeRuntime(), inlineRegistry };
        await createRemoteLoader(runtime).load('mf_trade');
        expect(runtime.fetchRegistry).toHaveBeenCalledTimes(1);
      }
    });
  });
});
