/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { makeFixture, type Fixture } from './release-test-fixtures';
import { hashDirectory, isVersionName, versionName } from './version-naming';

let fx: Fixture;
beforeEach(() => {
  fx = makeFixture();
});
afterEach(() => fx.cleanup());

const copy = (from: string, to: string) => fs.cpSync(from, to, { recursive: true });

describe('version naming', () => {
  it('gives the same hash for the same content, wherever the folder is and whatever its times', async () => {
    fx.buildRemote('mf-trade', 'same');
    const dist = path.join(fx.root, 'mf-trade', 'dist');
    const elsewhere = path.join(fx.root, 'elsewhere');
    copy(dist, elsewhere);
    fs.utimesSync(path.join(elsewhere, 'remoteEntry.js'), new Date(2000, 1, 1), new Date(2000, 1, 1));
    expect(await hashDirectory(elsewhere)).toBe(await hashDirectory(dist));
  });

  it('changes the hash when a byte or a file name changes', async () => {
    fx.buildRemote('mf-trade', 'one');
    const dist = path.join(fx.root, 'mf-trade', 'dist');
    const before = await hashDirectory(dist);
    fs.appendFileSync(path.join(dist, 'remoteEntry.js'), ' ');
    const edited = await hashDirectory(dist);
    expect(edited).not.toBe(before);
    fs.renameSync(path.join(dist, 'remoteEntry.js'), path.join(dist, 'remoteEntry2.js'));
    expect(await hashDirectory(dist)).not.toBe(edited);
  });

  it('names a version <package version>-<8 hex of the hash>', () => {
    const name = versionName('0.1.0', 'deadbeefcafe0123456789');
    expect(name).toBe('0.1.0-deadbeef');
    expect(isVersionName(name)).toBe(true);
    expect(isVersionName('../etc')).toBe(false);
  });
});
