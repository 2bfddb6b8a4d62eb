/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withFileLock } from './file-lock';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('file lock', () => {
  it('runs one holder at a time and removes the lock afterwards', async () => {
    const lock = path.join(dir, '.release.lock');
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        withFileLock(lock, async () => {
          order.push(`${name}+`);
          await pause(20);
          order.push(`${name}-`);
        }, { retryMs: 5 }),
      ),
    );
    for (let i = 0; i < order.length; i += 2) expect(order[i]!.slice(0, 1)).toBe(order[i + 1]!.slice(0, 1));
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const lock = path.join(dir, '.release.lock');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(lock, JSON.stringify({ pid: Number(gone), host: os.hostname(), since: new Date().toISOString() }));
    await expect(withFileLock(lock, async () => 'ran', { timeoutMs: 1000, retryMs: 5 })).resolves.toBe('ran');
  });

  it('gives up with a message naming the holder when the lock stays taken', async () => {
    const lock = path.join(dir, '.release.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, host: os.hostname(), since: 'earlier' }));
    await expect(withFileLock(lock, async () => 'ran', { timeoutMs: 100, retryMs: 10 })).rejects.toThrow(
      new RegExp(`holds .*\\.release\\.lock \\(pid ${process.pid} on .* since earlier\\)`),
    );
    expect(fs.existsSync(lock)).toBe(true);
  });

  it('releases the lock when the task throws', async () => {
    const lock = path.join(dir, '.release.lock');
    await expect(withFileLock(lock, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(fs.existsSync(lock)).toBe(false);
  });
});
