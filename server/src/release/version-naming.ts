// Version names: `<package version>-<first 8 hex of the dist's content hash>`.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { releaseConfig } from './release-config';

/** Every file under `dir`, as sorted POSIX paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) out.push(child);
    }
  }
  await walk('');
  return out.sort();
}

/**
 * SHA-256 over each file's relative path and content hash, in sorted order: the same files
 * give the same hash wherever the folder lives and whatever the files' times are.
 */
export async function hashDirectory(dir: string): Promise<string> {
  const total = createHash('sha256');
  for (const rel of await listFiles(dir)) {
    const content = await fs.readFile(path.join(dir, rel));
    const fileHash = createHash('sha256').update(content).digest('hex');
    total.update(`${rel}\0${fileHash}\n`);
  }
  return total.digest('hex');
}

export function versionName(packageVersion: string, contentHash: string): string {
  return `${packageVersion}-${contentHash.slice(0, releaseConfig.versionHashLength)}`;
}

const VERSION_NAME = /^[0-9A-Za-z.+-]+-[0-9a-f]{8,64}$/;
export const isVersionName = (name: string) => VERSION_NAME.test(name);
