/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { entryFor, publishRemotes } from './publish-command';
import { IncompatibleRemoteError, ReleaseError } from './release-errors';
import { readHistory } from './release-history';
import { readRegistry } from './registry-store';
import { allFiles, DEFAULT_SHARED, makeFixture, type Fixture } from './release-test-fixtures';

let fx: Fixture;
beforeEach(() => {
  fx = makeFixture();
  fx.buildShell();
  fx.buildRemote('mf-trade', 'v1');
});
afterEach(() => fx.cleanup());

const versionsOnDisk = (remote: string) => {
  const dir = path.join(fx.paths.deployDir, 'remotes', remote);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('publish', () => {
  it('copies the build into a versioned folder and points the registry at it', async () => {
    const [outcome] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    expect(outcome!.version).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(outcome!.createdFolder).toBe(true);
    expect(versionsOnDisk('mf-trade')).toEqual([outcome!.version]);
    const folder = path.join(fx.paths.deployDir, 'remotes', 'mf-trade', outcome!.version);
    expect(allFiles(folder)).toEqual(allFiles(path.join(fx.root, 'mf-trade', 'dist')));

    const registry = await readRegistry(fx.paths);
    expect(registry.remotes.mf_trade).toEqual({
      version: outcome!.version,
      entry: `/remotes/mf-trade/${outcome!.version}/mf-manifest.json`,
    });
  });

  it('publishing the same content twice makes no new folder and no new history entry', async () => {
    const [first] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    const [second] = await publishRemotes(fx.ctx, { remotes: ['mf_trade'], build: false });
    expect(second!.version).toBe(first!.version);
    expect(second!.createdFolder).toBe(false);
    expect(second!.changed).toBe(false);
    expect(versionsOnDisk('mf-trade')).toEqual([first!.version]);
    expect((await readHistory(fx.paths)).entries).toHaveLength(1);
  });

  it('a new build gets a new version, the old folder stays, and the history says from → to', async () => {
    const [first] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, label: 'one' });
    fx.buildRemote('mf-trade', 'v2');
    const [second] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, label: 'two' });
    expect(second!.version).not.toBe(first!.version);
    expect(versionsOnDisk('mf-trade')).toEqual([first!.version, second!.version].sort());
    expect((await readRegistry(fx.paths)).remotes.mf_trade!.version).toBe(second!.version);
    const { entries } = await readHistory(fx.paths);
    expect(entries.map(({ action, from, to, label }) => ({ action, from, to, label }))).toEqual([
      { action: 'publish', from: null, to: first!.version, label: 'one' },
      { action: 'publish', from: first!.version, to: second!.version, label: 'two' },
    ]);
    expect(entries[0]!.time < entries[1]!.time).toBe(true);
  });

  it('republishing an older build repoints to its existing folder', async () => {
    const [first] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    fx.buildRemote('mf-trade', 'v2');
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    fx.buildRemote('mf-trade', 'v1');
    const [again] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    expect(again!.version).toBe(first!.version);
    expect(again!.createdFolder).toBe(false);
    expect(again!.changed).toBe(true);
    expect((await readRegistry(fx.paths)).remotes.mf_trade!.version).toBe(first!.version);
  });

  it('never overwrites a version folder whose content differs', async () => {
    const [first] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    const folder = path.join(fx.paths.deployDir, 'remotes', 'mf-trade', first!.version);
    fs.writeFileSync(path.join(folder, 'remoteEntry.js'), 'tampered');
    await expect(publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false })).rejects.toThrow(/exists with different content/);
    expect(fs.readFileSync(path.join(folder, 'remoteEntry.js'), 'utf8')).toBe('tampered');
  });

  it('refuses an incompatible remote with a clear reason and leaves the registry untouched', async () => {
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    const registryBefore = fx.registryText();
    const historyBefore = fs.readFileSync(path.join(fx.paths.deployDir, 'history.json'), 'utf8');
    fx.buildRemote('mf-trade', 'v2', [
      ...DEFAULT_SHARED.filter((s) => s.name !== 'react'),
      { name: 'react', version: '20.1.0', requiredVersion: '^20.1.0', singleton: true },
    ]);

    const attempt = publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    await expect(attempt).rejects.toBeInstanceOf(IncompatibleRemoteError);
    await expect(attempt).rejects.toThrow(/react: the remote requires \^20\.1\.0, the shell provides 19\.3\.1/);
    expect(fx.registryText()).toBe(registryBefore);
    expect(fs.readFileSync(path.join(fx.paths.deployDir, 'history.json'), 'utf8')).toBe(historyBefore);
    expect(versionsOnDisk('mf-trade')).toHaveLength(1);
  });

  it('says clearly when the shell is not built', async () => {
    fs.rmSync(fx.paths.shellDist, { recursive: true });
    await expect(publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false })).rejects.toThrow(
      /The shell is not built: .*shell\/dist\/mf-manifest\.json does not exist/,
    );
    expect(fx.registryText()).toBeUndefined();
  });

  it('says clearly when the remote is not built, and rejects unknown remotes', async () => {
    fx.buildRemote('mf-wallet');
    fs.rmSync(path.join(fx.root, 'mf-wallet', 'dist'), { recursive: true });
    await expect(publishRemotes(fx.ctx, { remotes: ['mf-wallet'], build: false })).rejects.toThrow(/mf-wallet is not built/);
    await expect(publishRemotes(fx.ctx, { remotes: ['mf-nothing'], build: false })).rejects.toThrow(/no remote "mf-nothing"/);
    await expect(publishRemotes(fx.ctx, { remotes: ['../etc'], build: false })).rejects.toBeInstanceOf(ReleaseError);
  });

  it('builds first unless told not to, passing the label', async () => {
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: true, label: 'rc-1' });
    expect(fx.builds).toEqual([{ remote: 'mf-trade', label: 'rc-1' }]);
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    expect(fx.builds).toHaveLength(1);
  });

  it('builds a labelled release outside dist/, so a later --no-build publish does not ship the label', async () => {
    const [labelled] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: true, label: 'hotfix 2' });
    const labelledFolder = path.join(fx.paths.deployDir, 'remotes', 'mf-trade', labelled!.version);
    expect(fs.readFileSync(path.join(labelledFolder, 'label.txt'), 'utf8')).toBe('hotfix 2');
    expect(fs.existsSync(path.join(fx.root, 'mf-trade', 'dist', 'label.txt'))).toBe(false);
    expect(fs.readdirSync(fx.root).filter((name) => name.startsWith('labelled-'))).toEqual([]);

    const [plain] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    expect(plain!.version).not.toBe(labelled!.version);
    expect(fs.existsSync(path.join(fx.paths.deployDir, 'remotes', 'mf-trade', plain!.version, 'label.txt'))).toBe(false);
  });

  it('makes the entry absolute with --entry-base', async () => {
    const [o] = await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, entryBase: 'https://cdn.example.com/pasar/remotes/' });
    expect(o!.entry).toBe(`https://cdn.example.com/pasar/remotes/mf-trade/${o!.version}/mf-manifest.json`);
    expect(entryFor('http://127.0.0.1:3901', 'mf-trade', '0.1.0-aaaaaaaa')).toBe(
      'http://127.0.0.1:3901/remotes/mf-trade/0.1.0-aaaaaaaa/mf-manifest.json',
    );
    await expect(publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false, entryBase: 'cdn/remotes' })).rejects.toThrow(
      /absolute http\(s\) URL/,
    );
  });

  it('publishes several remotes in one registry write, or none if one is incompatible', async () => {
    fx.buildRemote('mf-wallet', 'w1');
    fx.buildRemote('mf-reports', 'r1', [{ name: 'react', version: '18.0.0', requiredVersion: '^18.0.0', singleton: true }]);
    await expect(
      publishRemotes(fx.ctx, { remotes: ['mf-trade', 'mf-wallet', 'mf-reports'], build: false }),
    ).rejects.toThrow(/mf-reports/);
    expect(fx.registryText()).toBeUndefined();

    const outcomes = await publishRemotes(fx.ctx, { remotes: ['mf-trade', 'mf-wallet'], build: false });
    expect(Object.keys((await readRegistry(fx.paths)).remotes).sort()).toEqual(['mf_trade', 'mf_wallet']);
    expect(outcomes.map((o) => o.remote)).toEqual(['mf-trade', 'mf-wallet']);
  });

  it('two concurrent publishes both land (the lock serialises them)', async () => {
    fx.buildRemote('mf-wallet', 'w1');
    fx.buildRemote('mf-account', 'a1');
    await Promise.all([
      publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false }),
      publishRemotes(fx.ctx, { remotes: ['mf-wallet'], build: false }),
      publishRemotes(fx.ctx, { remotes: ['mf-account'], build: false }),
    ]);
    expect(Object.keys((await readRegistry(fx.paths)).remotes).sort()).toEqual(['mf_account', 'mf_trade', 'mf_wallet']);
    expect((await readHistory(fx.paths)).entries).toHaveLength(3);
    expect(fs.existsSync(path.join(fx.paths.deployDir, '.release.lock'))).toBe(false);
  });

  it('leaves no temp files or folders behind', async () => {
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    fx.buildRemote('mf-trade', 'v2');
    await publishRemotes(fx.ctx, { remotes: ['mf-trade'], build: false });
    expect(allFiles(fx.paths.deployDir).filter((f) => /\.tmp$|\.tmp\//.test(f) || f.includes('/.'))).toEqual([]);
  });
});
