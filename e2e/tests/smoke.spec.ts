// The pipeline works end to end: the server serves the shell, the registry lists the remotes
// published by global setup, and the shell loads one from the deploy folder.
import { readRegistry } from '../support/helpers';
import { expect, test } from '../support/fixtures';

test('the home page renders the shell', async ({ page, problems }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Pasar/);
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.locator('body')).not.toHaveText(/^\s*$/);
  expect(problems.pageErrors).toEqual([]);
});

test('the trade page loads mf-trade from the deploy folder', async ({ page, problems }) => {
  const live = readRegistry().remotes.mf_trade;
  expect(live, 'global setup published mf-trade').toBeDefined();

  const manifest = page.waitForResponse((r) => r.url().endsWith(live!.entry) && r.status() === 200);
  const response = await page.goto('/en/trade');
  expect(response?.status()).toBe(200);
  await manifest;
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.getByRole('main')).not.toHaveText(/^\s*$/);
  expect(problems.pageErrors).toEqual([]);
});
