/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readJsonIfExists, writeJsonAtomic } from './atomic-file';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-atomic-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('atomic write', () => {
  it('replaces the file and leaves no temp files, even under many concurrent writers', async () => {
    const file = path.join(dir, 'remotes.json');
    await Promise.all(Array.from({ length: 25 }, (_, i) => writeJsonAtomic(file, { writer: i })));
    expect(fs.readdirSync(dir)).toEqual(['remotes.json']);
    const value = (await readJsonIfExists(file)) as { writer: number };
    expect(value.writer).toBeGreaterThanOrEqual(0);
    expect(value.writer).toBeLessThan(25);
  });

  it('cleans up its temp file when the rename fails, and keeps the old target', async () => {
    const target = path.join(dir, 'taken');
    fs.mkdirSync(path.join(target, 'child'), { recursive: true }); // a non-empty folder: rename over it fails
    await expect(writeJsonAtomic(target, { a: 1 })).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual(['taken']);
    expect(fs.statSync(target).isDirectory()).toBe(true);
  });

  it('reads a missing file as undefined and names the file when JSON is broken', async () => {
    expect(await readJsonIfExists(path.join(dir, 'none.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'bad.json'), '{');
    await expect(readJsonIfExists(path.join(dir, 'bad.json'))).rejects.toThrow(/bad\.json is not valid JSON/);
  });
});
