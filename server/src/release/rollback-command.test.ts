/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { publishRemotes } from './publish-command';
import { readHistory } from './release-history';
import { readRegistry } from './registry-store';
import { rollbackRemote } from './rollback-command';
import { DEFAULT_SHARED, makeFixture, type Fixture } from './release-test-fixtures';

let fx: Fixture;
let v1: string;
let v2: string;
let v3: string;

const publish = async (content: string, label?: string) => {
  fx.buildRemote('mf-trade', content);
  const [o] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, ...(label ? { label } : {}) });
  return o!.version;
};
const live = async () => (await readRegistry(fx.paths)).remotes.mf_trade?.version;

beforeEach(async () => {
  fx = makeFixture();
  fx.buildShell();
  v1 = await publish('v1', 'first');
  v2 = await publish('v2', 'second');
  v3 = await publish('v3', 'third');
});
afterEach(() => fx.cleanup());

describe('rollback', () => {
  it('points the registry back at the previously live version and records it', async () => {
    const outcome = await rollbackRemote(fx.ctx, { remote: 'mf-trade' });
    expect(outcome).toMatchObject({ from: v3, to: v2, changed: true });
    expect(await live()).toBe(v2);
    const last = (await readHistory(fx.paths)).entries.at(-1)!;
    expect(last).toMatchObject({ action: 'rollback', remote: 'mf-trade', from: v3, to: v2 });
    expect((await readRegistry(fx.paths)).remotes.mf_trade!.entry).toBe(`/remotes/mf-trade/${v2}/mf-manifest.json`);
  });

  it('rolling back twice returns to the version rolled back from', async () => {
    await rollbackRemote(fx.ctx, { remote: 'mf-trade' });
    await rollbackRemote(fx.ctx, { remote: 'mf_trade' });
    expect(await live()).toBe(v3);
  });

  it('--to points at a named version on disk', async () => {
    const outcome = await rollbackRemote(fx.ctx, { remote: 'mf-trade', to: v1 });
    expect(outcome).toMatchObject({ from: v3, to: v1 });
    expect(await live()).toBe(v1);
  });

  it('--to a version that is not on disk is refused, listing the ones that are', async () => {
    const before = fx.registryText();
    await expect(rollbackRemote(fx.ctx, { remote: 'mf-trade', to: '0.1.0-00000000' })).rejects.toThrow(
      new RegExp(`no version 0\\.1\\.0-00000000 on disk\\. Versions on disk: .*${v1}`),
    );
    expect(fx.registryText()).toBe(before);
  });

  it('explains when nothing was live before, or the remote is not live', async () => {
    await rollbackRemote(fx.ctx, { remote: 'mf-trade', to: v1 });
    await rollbackRemote(fx.ctx, { remote: 'mf-trade', to: v3 });
    // v3 was made live last from v1: rolling back goes to v1, then v1's predecessor is v3 again.
    expect((await rollbackRemote(fx.ctx, { remote: 'mf-trade' })).to).toBe(v1);

    const fresh = makeFixture();
    try {
      fresh.buildShell();
      fresh.buildRemote('mf-trade', 'only');
      await publishRemotes(fresh.ctx, { remotes: ['mf-trade'], build: false });
      await expect(rollbackRemote(fresh.ctx, { remote: 'mf-trade' })).rejects.toThrow(/no version of mf-trade that was live before/);
      await expect(rollbackRemote(fresh.ctx, { remote: 'mf-wallet' })).rejects.toThrow(/mf-wallet is not live/);
    } finally {
      fresh.cleanup();
    }
  });

  it('refuses a previous version the current shell cannot satisfy, unless forced', async () => {
    fx.buildShell(DEFAULT_SHARED.map((s) => (s.name === 'react' ? { ...s, version: '20.0.0', requiredVersion: '^20.0.0' } : s)));
    const before = fx.registryText();
    await expect(rollbackRemote(fx.ctx, { remote: 'mf-trade' })).rejects.toThrow(
      /Refusing to roll back to mf-trade .*\n.*react: the remote requires \^19\.3\.1, the shell provides 20\.0\.0/,
    );
    expect(fx.registryText()).toBe(before);
    await rollbackRemote(fx.ctx, { remote: 'mf-trade', force: true });
    expect(await live()).toBe(v2);
  });

  it('keeps serving from the same origin when the live entry is absolute', async () => {
    fx.buildRemote('mf-trade', 'v3');
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, entryBase: 'https://cdn.example.com/r' });
    await rollbackRemote(fx.ctx, { remote: 'mf-trade', to: v1 });
    expect((await readRegistry(fx.paths)).remotes.mf_trade!.entry).toBe(`https://cdn.example.com/r/mf-trade/${v1}/mf-manifest.json`);
  });

  it('undoes a move of the live version to another address (a CDN) without changing the version', async () => {
    const before = (await readRegistry(fx.paths)).remotes.mf_trade!;
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, entryBase: 'https://cdn.example.com/r' });
    expect((await readRegistry(fx.paths)).remotes.mf_trade!.entry).toBe(`https://cdn.example.com/r/mf-trade/${v3}/mf-manifest.json`);

    const outcome = await rollbackRemote(fx.ctx, { remote: 'mf-trade' });
    expect(outcome).toMatchObject({ from: v3, to: v3, changed: true });
    expect((await readRegistry(fx.paths)).remotes.mf_trade).toEqual(before);
    expect((await readHistory(fx.paths)).entries.at(-1)).toMatchObject({ action: 'rollback', to: v3, entry: before.entry });

    // Like every rollback, a second one undoes the first: the CDN address again, same version.
    await rollbackRemote(fx.ctx, { remote: 'mf-trade' });
    expect((await readRegistry(fx.paths)).remotes.mf_trade).toMatchObject({
      version: v3,
      entry: `https://cdn.example.com/r/mf-trade/${v3}/mf-manifest.json`,
    });
  });

  it('a version folder deleted by hand is reported, not pointed at', async () => {
    fs.rmSync(path.join(fx.paths.deployDir, 'remotes', 'mf-trade', v2), { recursive: true });
    await expect(rollbackRemote(fx.ctx, { remote: 'mf-trade' })).rejects.toThrow(/no longer on disk/);
    expect(await live()).toBe(v3);
  });
});
