/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { appendHistory, previouslyLive, readHistory, type HistoryEntry } from './release-history';
import { makeFixture, type Fixture } from './release-test-fixtures';

let fx: Fixture;
beforeEach(() => {
  fx = makeFixture();
});
afterEach(() => fx.cleanup());

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  time: '2026-01-01T00:00:00.000Z',
  remote: 'mf-trade',
  action: 'publish',
  from: null,
  to: '0.1.0-aaaaaaaa',
  entry: '/remotes/mf-trade/0.1.0-aaaaaaaa/mf-manifest.json',
  ...over,
});

describe('release history', () => {
  it('appends entries in order and keeps labels', async () => {
    await appendHistory(fx.paths, entry({ label: 'first' }));
    await appendHistory(fx.paths, entry({ time: '2026-01-02T00:00:00.000Z', from: '0.1.0-aaaaaaaa', to: '0.1.0-bbbbbbbb' }));
    const { entries } = await readHistory(fx.paths);
    expect(entries.map((e) => [e.from, e.to, e.label])).toEqual([
      [null, '0.1.0-aaaaaaaa', 'first'],
      ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb', undefined],
    ]);
    expect(fs.readdirSync(fx.paths.deployDir)).toEqual(['history.json']);
  });

  it('finds what was live before the current version, per remote', () => {
    const history = {
      entries: [
        entry({ to: 'a' }),
        entry({ remote: 'mf-wallet', from: null, to: 'w' }),
        entry({ from: 'a', to: 'b' }),
        entry({ action: 'rollback', from: 'b', to: 'a' }),
      ],
    };
    expect(previouslyLive(history, 'mf-trade', 'a')?.from).toBe('b');
    expect(previouslyLive(history, 'mf-trade', 'b')?.from).toBe('a');
    expect(previouslyLive(history, 'mf-wallet', 'w')?.from).toBeNull();
    expect(previouslyLive(history, 'mf-trade', 'zzz')).toBeUndefined();
  });

  it('refuses to work on a history it cannot read', async () => {
    fs.mkdirSync(fx.paths.deployDir, { recursive: true });
    fs.writeFileSync(path.join(fx.paths.deployDir, 'history.json'), '{"entries": 3}');
    await expect(readHistory(fx.paths)).rejects.toThrow(/not a valid release history/);
  });
});
