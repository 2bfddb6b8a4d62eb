// Reads the live remote registry (`<DEPLOY_DIR>/remotes.json`), the one mutable pointer of a
// deploy. Read on request behind a cheap stat: a publish or rollback shows at once, no restart.
import fs from 'node:fs/promises';
import { RemoteRegistry } from '@pasar/shared/contract';

export const EMPTY_REGISTRY_UPDATED_AT = new Date(0).toISOString();

export type RegistryRead =
  | { readonly kind: 'ok'; readonly registry: RemoteRegistry; readonly origins: readonly string[] }
  | { readonly kind: 'invalid'; readonly problem: string };

interface Warn {
  warn(obj: object, msg: string): void;
}

interface Cached {
  readonly key: string;
  readonly read: RegistryRead;
}

export class RemoteRegistryStore {
  private cached: Cached | undefined;
  /** The last registry that parsed, served while a half-written or broken file is on disk. */
  private lastGood: Extract<RegistryRead, { kind: 'ok' }> | undefined;

  constructor(
    readonly file: string,
    private readonly log?: Warn,
  ) {}

  async read(): Promise<RegistryRead> {
    let key: string;
    try {
      const stat = await fs.stat(this.file);
      key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      key = 'missing';
    }
    if (this.cached?.key === key) return this.resolve(this.cached.read);

    const read = key === 'missing' ? emptyRead() : await this.load();
    this.cached = { key, read };
    if (read.kind === 'invalid') this.log?.warn({ file: this.file, problem: read.problem }, 'remote registry is invalid');
    return this.resolve(read);
  }

  /** Origins of remotes hosted elsewhere (absolute entry URLs), for the Content-Security-Policy. */
  async remoteOrigins(): Promise<readonly string[]> {
    const read = await this.read();
    return read.kind === 'ok' ? read.origins : [];
  }

  /**
   * The origins as last read, without looking at the file (read once if never read): for answers
   * no browser runs as a page (the API's JSON), whose policy need not follow a publish at once.
   */
  async lastRemoteOrigins(): Promise<readonly string[]> {
    if (!this.cached) return this.remoteOrigins();
    const read = this.resolve(this.cached.read);
    return read.kind === 'ok' ? read.origins : [];
  }

  private resolve(read: RegistryRead): RegistryRead {
    if (read.kind === 'ok') {
      this.lastGood = read;
      return read;
    }
    return this.lastGood ?? read;
  }

  private async load(): Promise<RegistryRead> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      // Removed between stat and read: the next request sees it missing.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRead();
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return { kind: 'invalid', problem: `not JSON: ${(error as Error).message}` };
    }
    const parsed = RemoteRegistry.safeParse(json);
    if (!parsed.success) {
      return {
        kind: 'invalid',
        problem: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      };
    }
    return { kind: 'ok', registry: parsed.data, origins: originsOf(parsed.data) };
  }
}

function emptyRead(): RegistryRead {
  return { kind: 'ok', registry: { remotes: {}, updatedAt: EMPTY_REGISTRY_UPDATED_AT }, origins: [] };
}

export function originsOf(registry: RemoteRegistry): string[] {
  const origins = new Set<string>();
  for (const { entry } of Object.values(registry.remotes)) {
    if (!/^https?:\/\//i.test(entry)) continue;
    try {
      origins.add(new URL(entry).origin);
    } catch {
      // A malformed absolute URL cannot load anyway; leave it out of the policy.
    }
  }
  return [...origins].sort();
}
