// A lock file, so two release commands never interleave their read-modify-write of the registry.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { releaseConfig } from './release-config';
import { ReleaseError } from './release-errors';

export interface LockOptions {
  timeoutMs?: number;
  retryMs?: number;
  staleMs?: number;
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task` while holding `lockFile` (created with O_EXCL), then removes the lock. */
export async function withFileLock<T>(lockFile: string, task: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? releaseConfig.lockTimeoutMs;
  const retryMs = options.retryMs ?? releaseConfig.lockRetryMs;
  const staleMs = options.staleMs ?? releaseConfig.lockStaleMs;
  const deadline = Date.now() + timeoutMs;
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  await fs.mkdir(path.dirname(lockFile), { recursive: true });

  for (;;) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      try {
        await handle.writeFile(JSON.stringify(owner));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await removeIfStale(lockFile, staleMs)) continue;
    if (Date.now() >= deadline) {
      const holder = await readOwner(lockFile);
      throw new ReleaseError(
        `Another release command holds ${lockFile}` +
          (holder ? ` (pid ${holder.pid} on ${holder.host} since ${holder.since})` : '') +
          `. Waited ${Math.round(timeoutMs / 1000)} s. If no release is running, delete that file.`,
      );
    }
    await sleep(retryMs);
  }

  try {
    return await task();
  } finally {
    await fs.rm(lockFile, { force: true });
  }
}

async function readOwner(lockFile: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await fs.readFile(lockFile, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

/** A lock whose process is gone (same host) or that is older than `staleMs` is left over from a crash. */
async function removeIfStale(lockFile: string, staleMs: number): Promise<boolean> {
  let mtimeMs: number;
  try {
    mtimeMs = (await fs.stat(lockFile)).mtimeMs;
  } catch {
    return true; // released meanwhile: try again at once
  }
  const owner = await readOwner(lockFile);
  const ownerGone = owner !== undefined && owner.host === os.hostname() && !isAlive(owner.pid);
  if (!ownerGone && Date.now() - mtimeMs < staleMs) return false;
  await fs.rm(lockFile, { force: true });
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
