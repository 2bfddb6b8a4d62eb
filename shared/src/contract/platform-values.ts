// The platform contract's plain parts, without zod, for the browser's first load (decision 0006).
// The zod schemas in `platform.ts` stay the source of truth: platform.test.ts checks the guard
// against them.
import type { RegistryEntry, RemoteRegistry } from './platform';

/** The five remotes, by folder and federation name. */
export const REMOTES = ['mf-trade', 'mf-portfolio', 'mf-account', 'mf-wallet', 'mf-reports'] as const;
export type RemoteFolder = (typeof REMOTES)[number];
export const federationNameOf = (folder: string): string => folder.replace(/-/g, '_');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Thrown by parseRemoteRegistry: what is wrong, where. */
export class InvalidRemoteRegistryError extends Error {
  constructor(readonly path: string, problem: string) {
    super(`Invalid remote registry at ${path || '(root)'}: ${problem}`);
    this.name = 'InvalidRemoteRegistryError';
  }
}

/**
 * `RemoteRegistry.parse(value)` without zod (the shell reads `/remotes.json` on every start):
 * the registry with unknown keys dropped, or an InvalidRemoteRegistryError.
 */
export function parseRemoteRegistry(value: unknown): RemoteRegistry {
  if (!isPlainObject(value)) throw new InvalidRemoteRegistryError('', 'expected an object');
  const { remotes, updatedAt } = value;
  if (!isPlainObject(remotes)) throw new InvalidRemoteRegistryError('remotes', 'expected an object');
  if (typeof updatedAt !== 'string') throw new InvalidRemoteRegistryError('updatedAt', 'expected a string');
  const entries = Object.entries(remotes).map(([name, entry]): [string, RegistryEntry] => {
    if (!isPlainObject(entry)) throw new InvalidRemoteRegistryError(`remotes.${name}`, 'expected an object');
    if (typeof entry.version !== 'string') throw new InvalidRemoteRegistryError(`remotes.${name}.version`, 'expected a string');
    if (typeof entry.entry !== 'string') throw new InvalidRemoteRegistryError(`remotes.${name}.entry`, 'expected a string');
    return [name, { version: entry.version, entry: entry.entry }];
  });
  // fromEntries defines own properties: a "__proto__" key stays a key.
  return { remotes: Object.fromEntries(entries), updatedAt };
}
