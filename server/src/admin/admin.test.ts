/** @jest-environment node */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ok } from '../http/envelope';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { runAdminCli } from './admin-cli';
import { adminTokenFile, ensureAdminToken } from './admin-token';
import { AdminUsageError, optionValue, positionals, type AdminCommand } from './command';
import { createAdminHttpClient } from './http-client';

describe('admin token', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-admin-token-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('is created once, private to its owner, and read back by the next start', async () => {
    const first = await ensureAdminToken(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await fs.stat(adminTokenFile(dir))).mode & 0o777).toBe(0o600);
    await expect(ensureAdminToken(dir)).resolves.toBe(first);
  });

  it('two instances starting at once agree on one token', async () => {
    const [a, b] = await Promise.all([ensureAdminToken(dir), ensureAdminToken(dir)]);
    expect(a).toBe(b);
  });

  it('uses ADMIN_TOKEN when configured and writes no file', async () => {
    await expect(ensureAdminToken(dir, 'x'.repeat(40))).resolves.toBe('x'.repeat(40));
    await expect(fs.stat(adminTokenFile(dir))).rejects.toThrow();
  });
});

describe('argument helpers', () => {
  it('reads options in both spellings and leaves the positionals', () => {
    const args = ['approve', '+628123', '--reason', 'blurry photo', '--gss', '--kind=gss'];
    expect(optionValue(args, 'reason')).toBe('blurry photo');
    expect(optionValue(args, 'kind')).toBe('gss');
    expect(optionValue(args, 'missing')).toBeUndefined();
    expect(positionals(args, ['gss'])).toEqual(['approve', '+628123']);
  });
});

describe('admin routes and the CLI against a running server', () => {
  let t: TestApp;
  let baseUrl: string;
  const seen: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) =>
        app.register(
          async (api) => {
            api.post('/admin/test/echo', { preHandler: api.requireAdmin }, async (request) => {
              seen.push(request.body);
              return ok({ echoed: request.body });
            });
          },
          { prefix: '/api' },
        ),
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('refuses a missing or wrong token with 401 and the 009 envelope', async () => {
    for (const headers of [{}, { 'x-admin-token': 'nope' }, { 'x-admin-token': `${t.app.adminToken}x` }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/test/echo', headers, payload: {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 'error', error_code: '009' });
    }
    expect(seen).toHaveLength(0);
  });

  it('keeps the token in the data folder', async () => {
    const onDisk = (await fs.readFile(adminTokenFile(t.config.dataDir), 'utf8')).trim();
    expect(onDisk).toBe(t.app.adminToken);
  });

  it('the HTTP client returns data and turns an error envelope into its message', async () => {
    const client = createAdminHttpClient(baseUrl, t.app.adminToken);
    await expect(client.post('/api/admin/test/echo', { a: 1 })).resolves.toEqual({ echoed: { a: 1 } });
    const wrong = createAdminHttpClient(baseUrl, 'wrong-token');
    await expect(wrong.post('/api/admin/test/echo', {})).rejects.toThrow(/invalid session.*\(009\)/i);
    const nobody = createAdminHttpClient('http://127.0.0.1:1', 'x');
    await expect(nobody.get('/api/health')).rejects.toThrow(/cannot reach the server/);
  });

  it('runs a command end to end: the CLI finds the server by PASAR_URL and the token file', async () => {
    const echo: AdminCommand = {
      name: 'test',
      summary: 'echo',
      usage: 'admin test echo <word>',
      async run(args, client, out) {
        if (args[0] !== 'echo' || !args[1]) throw new AdminUsageError('say echo <word>');
        const data = await client.post<{ echoed: { word: string } }>('/api/admin/test/echo', { word: args[1] });
        out(`echoed ${data.echoed.word}`);
      },
    };
    const out: string[] = [];
    const err: string[] = [];
    const env = { PASAR_URL: baseUrl, DATA_DIR: t.config.dataDir };
    const deps = { env, out: (l: string) => out.push(l), err: (l: string) => err.push(l), commands: [echo] };
    await expect(runAdminCli(['test', 'echo', 'halo'], deps)).resolves.toBe(0);
    expect(out).toEqual(['echoed halo']);
    expect(seen).toContainEqual({ word: 'halo' });

    await expect(runAdminCli(['test', 'shout'], deps)).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/say echo <word>[\s\S]*admin test echo <word>/);
    await expect(runAdminCli(['nope'], deps)).resolves.toBe(2);
    expect(err.at(-1)).toMatch(/unknown area "nope"/);
    await expect(runAdminCli(['test', 'echo', 'x'], { ...deps, env: { ...env, ADMIN_TOKEN: 'y'.repeat(40) } })).resolves.toBe(1);
    expect(err.at(-1)).toMatch(/009/);
  });
});
