import { readRegistry, release, versionsOnDisk } from '../support/helpers';
import { expect, test } from '../support/fixtures';

test('publish a labelled build, then roll back', async ({ page }) => {
  test.setTimeout(180_000);
  const before = readRegistry().remotes.mf_trade!;
  release(['publish', 'mf-trade', '--label', 'tmp-B']);
  const after = readRegistry().remotes.mf_trade!;
  expect(after.version).not.toBe(before.version);
  expect(versionsOnDisk('mf-trade')).toHaveLength(2);
  let loaded = page.waitForResponse((r) => r.url().endsWith(after.entry));
  await page.goto('/en/trade');
  await loaded;
  const rb = release(['rollback', 'mf-trade']);
  expect(rb.stdout).toContain(`${after.version} → ${before.version}`);
  loaded = page.waitForResponse((r) => r.url().endsWith(before.entry));
  await page.reload();
  await loaded;
  const bad = release(['rollback', 'mf-trade', '--to', 'nope'], { allowFailure: true });
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/no version nope/);
});
