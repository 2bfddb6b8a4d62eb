import zlib from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import { RemoteRegistry } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { EMPTY_REGISTRY_UPDATED_AT } from '../../plugins/external/remote-registry-store';
import { preloadsFromManifest } from './shell-page';

const INDEX_HTML = '<!doctype html><html><head><title>Pasar</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('serving the front end', () => {
  let t: TestApp;
  let registryFile: string;

  const writeRegistry = async (registry: unknown) => {
    // Written to a temporary name and renamed, as the release tool does.
    await fs.writeFile(`${registryFile}.tmp`, typeof registry === 'string' ? registry : JSON.stringify(registry));
    await fs.rename(`${registryFile}.tmp`, registryFile);
  };

  beforeAll(async () => {
    t = await createTestApp();
    registryFile = path.join(t.dirs.deploy, 'remotes.json');
    await fs.writeFile(path.join(t.dirs.shell, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(t.dirs.shell, 'main.3f9a1c2b7d.js'), 'console.log("shell")');
    await fs.writeFile(path.join(t.dirs.shell, 'robots.txt'), 'User-agent: *');
    const version = path.join(t.dirs.deploy, 'remotes', 'mf_trade', '1.0.0');
    await fs.mkdir(version, { recursive: true });
    await fs.writeFile(path.join(version, 'mf-manifest.json'), '{"id":"mf_trade"}');
    await fs.writeFile(path.join(version, 'remoteEntry.js'), 'var mf_trade;');
    await fs.writeFile(path.join(version, '523.a1b2c3d4e5.js'), 'chunk();');
  });
  afterAll(() => t.close());

  describe('GET /remotes.json', () => {
    it('answers an empty registry, not stored by caches, when no registry file exists', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.json()).toEqual({ remotes: {}, updatedAt: EMPTY_REGISTRY_UPDATED_AT });
    });

    it('answers the registry file as soon as it changes', async () => {
      const registry: RemoteRegistry = {
        remotes: { mf_trade: { version: '1.0.0', entry: '/remotes/mf_trade/1.0.0/mf-manifest.json' } },
        updatedAt: '2026-11-22T10:00:00.000Z',
      };
      await writeRegistry(registry);
      const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual(registry);
    });

    it('keeps answering the last valid registry while the file is broken', async () => {
      const before = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json();
      await writeRegistry('{"remotes": {"mf_trade": ');
      const response = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(before);
    });
  });

  describe('Content-Security-Policy', () => {
    const directives = (header: string | string[] | number | undefined) =>
      Object.fromEntries(
        String(header)
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );

    it('is on pages and API answers, and never allows eval', async () => {
      for (const url of ['/', '/api/health', '/api/x']) {
        const response = await t.app.inject({ method: 'GET', url, headers: html });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-eval');
      }
    });

    it('allows a remote’s CDN origin once the registry points there, without a restart', async () => {
      await writeRegistry({
        remotes: { mf_trade: { version: '1.0.0', entry: '/remotes/mf_trade/1.0.0/mf-manifest.json' } },
        updatedAt: '2026-11-22T10:00:00.000Z',
      });
      const before = directives((await t.app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy']);
      expect(before['script-src']).toEqual(["'self'"]);

      await writeRegistry({
        remotes: {
          mf_trade: { version: '1.1.0', entry: 'https://cdn.pasar.example/remotes/mf_trade/1.1.0/mf-manifest.json' },
          mf_wallet: { version: '2.0.0', entry: '/remotes/mf_wallet/2.0.0/mf-manifest.json' },
        },
        updatedAt: '2026-11-22T11:00:00.000Z',
      });
      const after = directives((await t.app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy']);
      expect(after['script-src']).toEqual(["'self'", 'https://cdn.pasar.example']);
      expect(after['connect-src']).toEqual(["'self'", 'ws://localhost:80', 'https://cdn.pasar.example']);
      expect(after['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(JSON.stringify(after)).not.toContain('unsafe-eval');
    });

    it('comes with the other security headers', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/', headers: html });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Development: no HSTS, so http://localhost is never pinned to HTTPS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('remote files under /remotes/', () => {
    it('serves them with CORS for a shell on another origin', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/remotes/mf_trade/1.0.0/remoteEntry.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('var mf_trade;');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('makes browsers revalidate the entry files and keep hashed chunks forever', async () => {
      const get = (file: string) => t.app.inject({ method: 'GET', url: `/remotes/mf_trade/1.0.0/${file}` });
      expect((await get('mf-manifest.json')).headers['cache-control']).toBe('no-cache');
      expect((await get('remoteEntry.js')).headers['cache-control']).toBe('no-cache');
      expect((await get('523.a1b2c3d4e5.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers 404 for a missing remote file, never the shell', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/remotes/mf_trade/9.9.9/remoteEntry.js', headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    });
  });

  describe('compression', () => {
    const bigScript = `${'export const value = "pasar";\n'.repeat(400)}`;

    it('sends scripts brotli- or gzip-compressed to browsers that accept it, and plain to others', async () => {
      await fs.writeFile(path.join(t.dirs.shell, 'big.0a1b2c3d4e.js'), bigScript);
      const get = (encoding?: string) =>
        t.app.inject({ method: 'GET', url: '/big.0a1b2c3d4e.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
      expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);

      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);

      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(bigScript);
    });

    // The build writes the copies (shared/build/webpack.cjs); each copy here holds different text
    // than its plain file, so only a response read from the copy can carry it.
    it.each([
      ['the shell', (dir: TestApp['dirs']) => dir.shell, '/pre.0a1b2c3d4e.js', 'public, max-age=31536000, immutable'],
      ['a remote', (dir: TestApp['dirs']) => path.join(dir.deploy, 'remotes', 'mf_trade', '1.0.0'), '/remotes/mf_trade/1.0.0/pre.0a1b2c3d4e.js', 'public, max-age=31536000, immutable'],
    ])('sends %s its build-time .br and .gz copies as they are, with the plain file for others', async (_what, dirOf, url, cacheControl) => {
      const dir = dirOf(t.dirs);
      await fs.writeFile(path.join(dir, 'pre.0a1b2c3d4e.js'), bigScript);
      await fs.writeFile(path.join(dir, 'pre.0a1b2c3d4e.js.br'), zlib.brotliCompressSync('from the .br copy'));
      await fs.writeFile(path.join(dir, 'pre.0a1b2c3d4e.js.gz'), zlib.gzipSync('from the .gz copy'));
      const get = (encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe(cacheControl);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('from the .br copy');

      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('from the .gz copy');

      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(bigScript);
    });
  });

  describe('the shell and the SPA fallback', () => {
    it.each(['/', '/en/trade/USDT-IDR', '/pwa/portfolio', '/id/trade/BRK.B'])('answers index.html for the deep link %s', async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The explore page carries its first view inside the root (first-view.test.ts).
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<script type="application/json" id="pasar-registry">');
    });

    it('does not answer the shell for /api/ paths, even to a browser', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/trade/USDT-IDR', headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error', error_code: '003' });
    });

    it('does not answer the shell to a request that does not accept HTML (a missing script)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    });

    it('serves the shell’s files: hashed assets forever, others revalidated', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/main.3f9a1c2b7d.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log("shell")');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['cache-control']).toBe('no-cache');
    });

    it('never serves files outside the shell folder', async () => {
      await fs.writeFile(path.join(t.dirs.root, 'secret.txt'), 'secret');
      for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/.env']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(response.body).not.toContain('secret');
      }
    });

    it('answers a clear page, not a stack trace, when the shell is not built', async () => {
      const unbuilt = await t.sibling({ SHELL_DIST: path.join(t.dirs.root, 'no-shell-here') });
      const response = await unbuilt.inject({ method: 'GET', url: '/en/trade/USDT-IDR', headers: html });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('npm start');
      expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    });
  });

  it('reads a remote’s entry and expose chunks from its manifest, relative to it', () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'Module', path: './Module', assets: { js: { sync: ['__federation_expose_Module.1.js'], async: ['2.js'] } } }],
    };
    expect(preloadsFromManifest('/remotes/mf-trade/1/mf-manifest.json', manifest).scripts).toEqual([
      '/remotes/mf-trade/1/remoteEntry.js',
      '/remotes/mf-trade/1/__federation_expose_Module.1.js',
    ]);
    expect(preloadsFromManifest('https://cdn.example/r/1/mf-manifest.json', { ...manifest, exposes: [{ ...manifest.exposes[0]!, assets: { js: { sync: ['https://evil.example/x.js'] } } }] }).scripts).toEqual([
      'https://cdn.example/r/1/remoteEntry.js',
    ]);
  });

  describe('the inlined registry and the preloads of the page’s remote', () => {
    const registry: RemoteRegistry = {
      remotes: {
        mf_trade: { version: '2.0.0', entry: '/remotes/mf-trade/2.0.0/mf-manifest.json' },
        mf_portfolio: { version: '1.0.0', entry: '/remotes/mf-portfolio/1.0.0/mf-manifest.json' },
        mf_wallet: { version: '1.0.0', entry: 'https://cdn.pasar.example/remotes/mf-wallet/1.0.0/mf-manifest.json' },
      },
      updatedAt: '2026-11-22T12:00:00.000Z</script><script>alert(1)</script>',
    };
    const manifest = (sync: string[], async: string[]) =>
      JSON.stringify({
        id: 'x',
        metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
        exposes: [{ id: 'x:Module', name: 'Module', path: './Module', assets: { js: { sync, async }, css: { sync: [], async: [] } } }],
      });
    const dataBlock = (body: string) => {
      const match = /<script type="application\/json" id="pasar-registry">(.*?)<\/script>/s.exec(body);
      return match ? (JSON.parse(match[1]) as unknown) : undefined;
    };
    const preloads = (body: string) => [...body.matchAll(/<link rel="preload"[^>]*>/g)].map(([link]) => link);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: html });

    beforeAll(async () => {
      const write = async (folder: string, text: string) => {
        const dir = path.join(t.dirs.deploy, 'remotes', folder);
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, 'mf-manifest.json'), text);
      };
      await write('mf-trade/2.0.0', manifest(['__federation_expose_Module.11111111.js'], ['134.22222222.js', 'https://elsewhere.example/x.js']));
      await write('mf-portfolio/1.0.0', manifest(['__federation_expose_Module.33333333.js'], []));
      await writeRegistry(registry);
    });

    it.each(['/trade/USDT-IDR', '/en/trade/USDT-IDR', '/pwa/en/asset/crypto/BTC/1'])('%s: the registry, and mf-trade’s manifest', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(dataBlock(response.body)).toEqual(registry);
      expect(preloads(response.body)).toEqual([
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/mf-trade/2.0.0/mf-manifest.json">',
      ]);
      // All of it in <head>, before the page's own scripts.
      expect(response.body.indexOf('pasar-registry')).toBeLessThan(response.body.indexOf('</head>'));
    });

    it('escapes < in the data block so it cannot end the script element', async () => {
      const response = await get('/trade/USDT-IDR');
      expect(response.body).not.toContain('</script><script>alert(1)');
      expect(response.body).toContain('\\u003c/script>');
    });

    it('/portfolio: mf-portfolio’s preloads', async () => {
      expect(preloads((await get('/portfolio')).body)).toEqual([
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/mf-portfolio/1.0.0/mf-manifest.json">',
      ]);
    });

    it('a remote on another origin: its manifest only, absolute', async () => {
      expect(preloads((await get('/balance')).body)).toEqual([
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://cdn.pasar.example/remotes/mf-wallet/1.0.0/mf-manifest.json">',
      ]);
    });

    it.each(['/login', '/', '/nowhere', '/account'])('%s: the registry, no preloads', async (url) => {
      const response = await get(url);
      expect(dataBlock(response.body)).toEqual(registry);
      expect(preloads(response.body)).toEqual([]);
    });

    it('builds the CSP from the same registry the page carries', async () => {
      const response = await get('/trade/USDT-IDR');
      const inlined = dataBlock(response.body) as RemoteRegistry;
      const origins = Object.values(inlined.remotes)
        .map((r) => r.entry)
        .filter((e) => e.startsWith('https://'))
        .map((e) => new URL(e).origin);
      const csp = String(response.headers['content-security-policy']);
      expect(origins).toEqual(['https://cdn.pasar.example']);
      expect(csp).toContain("script-src 'self' https://cdn.pasar.example");
      expect(csp).toContain("connect-src 'self' ws://localhost:80 https://cdn.pasar.example");
    });

    it('follows a publish at once', async () => {
      const next = { ...registry, remotes: { ...registry.remotes, mf_trade: { version: '9.9.9', entry: '/remotes/mf-trade/9.9.9/mf-manifest.json' } } };
      await writeRegistry(next);
      try {
        const response = await get('/trade');
        expect(dataBlock(response.body)).toEqual(next);
        // No manifest on disk for 9.9.9: the page still works, without hints for it.
        expect(preloads(response.body)).toEqual([]);
      } finally {
        await writeRegistry(registry);
      }
    });
  });
});
