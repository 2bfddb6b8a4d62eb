import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMMUTABLE, remoteCacheControl, resolveFile, REVALIDATE, shellCacheControl } from './static-files';

describe('cache rules', () => {
  it.each([
    ['main.3f9a1c2b.js', IMMUTABLE],
    ['static/css/app.0123456789abcdef.css', IMMUTABLE],
    ['index.html', REVALIDATE],
    ['favicon.ico', REVALIDATE],
    ['manifest.webmanifest', REVALIDATE],
  ])('shell %s -> %s', (file, expected) => expect(shellCacheControl(file)).toBe(expected));

  it.each([
    ['mf_trade/1.0.0/mf-manifest.json', REVALIDATE],
    ['mf_trade/1.0.0/remoteEntry.js', REVALIDATE],
    ['mf_trade/1.0.0/__federation_expose_Module.4f3a2b1c.js', IMMUTABLE],
    ['mf_trade/1.0.0/523.a1b2c3d4.js', IMMUTABLE],
  ])('remote %s -> %s', (file, expected) => expect(remoteCacheControl(file)).toBe(expected));
});

describe('resolveFile', () => {
  let root: string;
  beforeAll(async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-static-'));
    root = path.join(base, 'dist');
    await fs.mkdir(path.join(root, 'assets'), { recursive: true });
    await fs.writeFile(path.join(root, 'assets', 'a b.js'), '');
    await fs.writeFile(path.join(root, '.env'), '');
    await fs.writeFile(path.join(base, 'outside.txt'), '');
  });
  afterAll(() => fs.rm(path.dirname(root), { recursive: true, force: true }));

  it('finds files, decoding the URL', async () => {
    await expect(resolveFile(root, '/assets/a%20b.js')).resolves.toBe(path.join('assets', 'a b.js'));
  });

  it.each(['/assets', '/', '/nope.js', '/../outside.txt', '/%2e%2e/outside.txt', '/.env', '/%E0%A4%A', '/a%00b'])(
    'gives nothing for %s',
    async (url) => {
      await expect(resolveFile(root, url)).resolves.toBeUndefined();
    },
  );
});
