// Finds remotes through the registry and loads their `./Module`, once per remote. A failure is
// kept per remote: retrying one re-reads the registry and reloads that remote only, so a broken
// remote never takes the others down with it.
import { parseRemoteRegistry, registerTranslations, type RemoteModule, type RemoteRegistry } from '@pasar/shared';

/** What the loader needs from the outside world; jest tests pass a fake. */
export interface RemoteRuntime {
  fetchRegistry(): Promise<RemoteRegistry>;
  /**
   * The registry the server inlined into the page (the same snapshot its CSP was built from),
   * unparsed; undefined when the page has none. Read before any fetch, never after a retry.
   */
  inlineRegistry?(): unknown;
  /** Registers (or re-registers, replacing a cached copy) remotes with the federation runtime. */
  register(remotes: ReadonlyArray<{ name: string; entry: string }>): void;
  /** Loads `<id>/Module` and returns its default export. */
  loadModule(id: string): Promise<unknown>;
}

export type RemoteFailureReason = 'registry' | 'not-registered' | 'load' | 'invalid-module';

export class RemoteUnavailableError extends Error {
  readonly remoteId: string;
  readonly reason: RemoteFailureReason;

  constructor(remoteId: string, reason: RemoteFailureReason, cause?: unknown) {
    super(`Remote ${remoteId} is unavailable (${reason})`, { cause });
    this.name = 'RemoteUnavailableError';
    this.remoteId = remoteId;
    this.reason = reason;
  }
}

/**
 * A promise that also carries its outcome the way React's `use()` reads it, so a remote that
 * has already loaded renders at once instead of flashing its Suspense fallback.
 */
export type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const track = <T>(promise: Promise<T>): TrackedPromise<T> => {
  const tracked = promise as TrackedPromise<T>;
  tracked.status = 'pending';
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
};

export interface RemoteLoader {
  /** The remote's module; the same promise on every call until `retry`. */
  load(id: string): Promise<RemoteModule>;
  /** Forgets the remote (and the registry), then loads it afresh. */
  retry(id: string): Promise<RemoteModule>;
}

export interface RemoteLoaderOptions {
  /** Runs once per loaded module before anyone renders it (translations go in here). */
  onLoaded?: (module: RemoteModule) => void;
}

const isRemoteModule = (value: unknown): value is RemoteModule => {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<RemoteModule>;
  return typeof candidate.namespace === 'string' && Array.isArray(candidate.routes) && !!candidate.i18n;
};

export function createRemoteLoader(runtime: RemoteRuntime, options: RemoteLoaderOptions = {}): RemoteLoader {
  let registry: Promise<RemoteRegistry> | null = null;
  const modules = new Map<string, TrackedPromise<RemoteModule>>();
  /** Entry each remote is registered with, so only a changed or retried remote is replaced. */
  const registered = new Map<string, string>();

  /** The inlined registry is used for the first read only: a retry must see a rollback. */
  let inlineUsable = true;

  const inlined = (): RemoteRegistry | undefined => {
    if (!inlineUsable || !runtime.inlineRegistry) return undefined;
    inlineUsable = false;
    try {
      const raw = runtime.inlineRegistry();
      return raw === undefined ? undefined : parseRemoteRegistry(raw);
    } catch {
      // A broken data block is no worse than none: ask the server.
      return undefined;
    }
  };

  const readRegistry = (): Promise<RemoteRegistry> => {
    if (!registry) {
      const fromPage = inlined();
      if (fromPage) {
        registry = Promise.resolve(fromPage);
        return registry;
      }
      const pending = runtime.fetchRegistry().then((raw) => parseRemoteRegistry(raw));
      // A failed registry read is not cached: the next load asks again.
      pending.catch(() => {
        if (registry === pending) registry = null;
      });
      registry = pending;
    }
    return registry;
  };

  const loadFresh = async (id: string, reregister: boolean): Promise<RemoteModule> => {
    let current: RemoteRegistry;
    try {
      current = await readRegistry();
    } catch (error) {
      throw new RemoteUnavailableError(id, 'registry', error);
    }
    const entry = current.remotes[id];
    if (!entry) throw new RemoteUnavailableError(id, 'not-registered');
    // Registering one remote at a time leaves the others' loaded code alone. On retry the
    // registry may point at another version (a rollback): force replaces the cached copy.
    if (reregister || registered.get(id) !== entry.entry) {
      runtime.register([{ name: id, entry: entry.entry }]);
      registered.set(id, entry.entry);
    }
    let exported: unknown;
    try {
      exported = await runtime.loadModule(id);
    } catch (error) {
      throw new RemoteUnavailableError(id, 'load', error);
    }
    if (!isRemoteModule(exported)) throw new RemoteUnavailableError(id, 'invalid-module');
    options.onLoaded?.(exported);
    return exported;
  };

  const start = (id: string, reregister: boolean): TrackedPromise<RemoteModule> => {
    const promise = track(loadFresh(id, reregister));
    modules.set(id, promise);
    // Avoid an unhandled rejection when nobody rendered the remote yet.
    promise.catch(() => undefined);
    return promise;
  };

  return {
    load: (id) => modules.get(id) ?? start(id, false),
    retry(id) {
      modules.delete(id);
      registry = null;
      inlineUsable = false;
      return start(id, true);
    },
  };
}

/** The shell's loader: each remote's translations are registered before anything renders it. */
export const createShellRemoteLoader = (runtime: RemoteRuntime): RemoteLoader =>
  createRemoteLoader(runtime, { onLoaded: (module) => registerTranslations(module.namespace, module.i18n) });
