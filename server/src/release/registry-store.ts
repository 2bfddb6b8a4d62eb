// The registry (`remotes.json`): the only mutable pointer of a deploy.
import { RemoteRegistry, type RegistryEntry } from '@pasar/shared/contract';
import { readJsonIfExists, writeJsonAtomic } from './atomic-file';
import { registryPath, type ReleasePaths } from './release-paths';
import { ReleaseError } from './release-errors';

export type { RegistryEntry, RemoteRegistry };

export async function readRegistry(paths: ReleasePaths): Promise<RemoteRegistry> {
  const file = registryPath(paths);
  const raw = await readJsonIfExists(file);
  if (raw === undefined) return { remotes: {}, updatedAt: new Date(0).toISOString() };
  const parsed = RemoteRegistry.safeParse(raw);
  if (!parsed.success) {
    throw new ReleaseError(
      `${file} is not a valid registry (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}). ` +
        'Fix or remove it by hand; the release tool does not overwrite what it cannot read.',
    );
  }
  return parsed.data;
}

/** Only call while holding the deploy lock. */
export async function writeRegistry(paths: ReleasePaths, registry: RemoteRegistry): Promise<void> {
  await writeJsonAtomic(registryPath(paths), RemoteRegistry.parse(registry));
}

/** A copy of `registry` with one remote pointed at `entry`. */
export function pointRemote(
  registry: RemoteRegistry,
  federationName: string,
  entry: RegistryEntry,
  now: Date,
): RemoteRegistry {
  return {
    remotes: { ...registry.remotes, [federationName]: entry },
    updatedAt: now.toISOString(),
  };
}
