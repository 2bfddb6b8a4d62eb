/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { runReleaseCli, type CliIo } from './release-cli';
import { DEFAULT_SHARED, makeFixture, type Fixture } from './release-test-fixtures';

let fx: Fixture;
let out: string[];
let err: string[];
const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l) };
const run = (...argv: string[]) => runReleaseCli(argv, { io, context: fx.ctx });

beforeEach(() => {
  fx = makeFixture();
  fx.buildShell();
  out = [];
  err = [];
});
afterEach(() => fx.cleanup());

describe('release CLI', () => {
  it('publish --all --no-build publishes every remote folder, then list shows them live', async () => {
    fx.buildRemote('mf-trade', 't');
    fx.buildRemote('mf-wallet', 'w');
    expect(await run('publish', '--all', '--no-build', '--label', 'nightly')).toBe(0);
    expect(out.join('\n')).toMatch(/mf-trade: 0\.1\.0-[0-9a-f]{8} \(new folder\); live: none → /);
    expect(out.join('\n')).toMatch(/mf-wallet: /);

    out = [];
    expect(await run('list')).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/mf-trade {2}live: 0\.1\.0-/);
    expect(text).toMatch(/\* {2}0\.1\.0-[0-9a-f]{8} .* nightly/);
    expect(text).toMatch(/publish {2}— → 0\.1\.0-/);

    out = [];
    expect(await run('list', 'mf_wallet', '--json')).toBe(0);
    const listing = JSON.parse(out.join('\n')) as Array<{ remote: string; versions: unknown[] }>;
    expect(listing.map((l) => l.remote)).toEqual(['mf-wallet']);
    expect(listing[0]!.versions).toHaveLength(1);
  });

  it('exits 1 with the reason on an incompatible remote, 2 on bad usage', async () => {
    fx.buildRemote('mf-trade', 't', DEFAULT_SHARED.map((s) => (s.name === '@pasar/shared' ? { ...s, requiredVersion: '^2.0.0' } : s)));
    expect(await run('publish', 'mf-trade', '--no-build')).toBe(1);
    expect(err.join('\n')).toMatch(/@pasar\/shared: the remote requires \^2\.0\.0, the shell provides 0\.1\.0/);
    expect(fs.existsSync(path.join(fx.paths.deployDir, 'remotes.json'))).toBe(false);

    err = [];
    expect(await run('publish')).toBe(2);
    expect(await run('publish', 'mf-trade', '--bogus')).toBe(2);
    expect(await run('frobnicate')).toBe(2);
    expect(err.join('\n')).toMatch(/Usage: pnpm release/);
  });

  it('rollback reports from → to', async () => {
    fx.buildRemote('mf-trade', 'one');
    await run('publish', 'mf-trade', '--no-build');
    fx.buildRemote('mf-trade', 'two');
    await run('publish', 'mf-trade', '--no-build');
    out = [];
    expect(await run('rollback', 'mf-trade')).toBe(0);
    expect(out.join('\n')).toMatch(/mf-trade: rolled back, live: 0\.1\.0-\w+ → 0\.1\.0-\w+/);
    expect(await run('rollback', 'mf-trade', '--to', 'nope')).toBe(1);
    expect(err.join('\n')).toMatch(/no version nope on disk/);
  });
});
