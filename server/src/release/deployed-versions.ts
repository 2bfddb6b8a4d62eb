// The version folders a deploy holds for a remote.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { releaseConfig } from './release-config';
import { deployedRemoteDir, type ReleasePaths } from './release-paths';

export interface DeployedVersion {
  version: string;
  /** When the folder was created (its mtime), for ordering when the history does not say. */
  createdAt: Date;
}

/** Complete version folders only: temp folders of a publish in progress start with a dot. */
export async function deployedVersions(paths: ReleasePaths, remote: string): Promise<DeployedVersion[]> {
  const dir = deployedRemoteDir(paths, remote);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: DeployedVersion[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.')) continue;
    const stat = await fs.stat(path.join(dir, e.name));
    out.push({ version: e.name, createdAt: stat.mtime });
  }
  return out.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.version.localeCompare(b.version));
}

/** Remotes that have a folder in the deploy. */
export async function deployedRemotes(paths: ReleasePaths): Promise<string[]> {
  try {
    const entries = await fs.readdir(path.join(paths.deployDir, releaseConfig.remotesFolder), { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
