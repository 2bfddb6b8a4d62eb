// The real RemoteRuntime: the registry from the server, remotes through Module Federation.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteRegistry } from '@pasar/shared';
import type { RemoteRuntime } from './remote-loader';

export const REGISTRY_URL = '/remotes.json';
/** The `<script type="application/json">` the server puts the registry in (server/src/modules/web). */
export const INLINE_REGISTRY_ID = 'pasar-registry';

export const federationRuntime: RemoteRuntime = {
  async fetchRegistry() {
    // The registry is the one mutable pointer of a deploy: never from a cache.
    const response = await fetch(REGISTRY_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${REGISTRY_URL} answered ${response.status}`);
    return (await response.json()) as RemoteRegistry;
  },
  inlineRegistry() {
    const text = typeof document === 'undefined' ? null : document.getElementById(INLINE_REGISTRY_ID)?.textContent;
    return text ? (JSON.parse(text) as unknown) : undefined;
  },
  register(remotes) {
    registerRemotes(
      remotes.map(({ name, entry }) => ({ name, entry })),
      { force: true },
    );
  },
  async loadModule(id) {
    const loaded = await loadRemote<{ default: unknown }>(`${id}/Module`);
    if (!loaded) throw new Error(`${id}/Module is empty`);
    return loaded.default;
  },
};
