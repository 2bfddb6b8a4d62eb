// One remote down leaves the rest of Pasar working: its area shows the local "unavailable"
// panel with Retry, the header and navigation still work, another remote still renders, and
// Retry brings the remote back without reloading the page once it is reachable again.
import type { Page, Route } from '@playwright/test';
import { SHELL_TEXT } from './support-routes';
import type { ConsoleErrorEntry } from '../support/fixtures';
import { expect, expectNoProblems, expectRemoteFetched, signIn, test } from './support-fixtures';

const WALLET_FILES = '**/remotes/mf-wallet/**';

const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __e2eSameDocument: boolean }).__e2eSameDocument = true));
const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument === true);

/** The console errors of a wallet outage: its files failing to load and the shell reporting it. */
const walletOutage = ({ text, url }: ConsoleErrorEntry) =>
  (text.startsWith('Failed to load resource') && url.includes('/remotes/mf-wallet/')) || text.includes('Remote mf_wallet is unavailable');

const outages: [name: string, handler: (route: Route) => Promise<void>][] = [
  ['unreachable (network error)', (route) => route.abort('connectionrefused')],
  ['answering 404', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' })],
];

test.describe('a remote that cannot load', () => {
  for (const [name, handler] of outages) {
    test(`mf-wallet ${name}: panel, working shell, Retry`, async ({ page, context, baseURL, watch }) => {
      watch.problems.expectConsoleErrors(walletOutage);
      await signIn(context, baseURL!);
      await page.route(WALLET_FILES, handler);

      await page.goto('/balance');
      const wallet = page.locator('[data-remote="mf_wallet"]');
      const panel = wallet.getByTestId('remote-unavailable');
      await expect(panel).toBeVisible();
      await expect(panel).toHaveAttribute('role', 'alert');
      await expect(panel.getByRole('heading', { name: SHELL_TEXT.unavailableTitle.id })).toBeVisible();
      const retry = panel.getByRole('button', { name: SHELL_TEXT.retry.id });
      await expect(retry).toBeEnabled();
      await expect(page.getByRole('heading', { level: 1, name: 'Saldo' })).toHaveCount(0);
      // The page is still the shell's: the header, its navigation and the current section.
      await expect(page.getByRole('banner')).toBeVisible();
      const nav = page.getByRole('navigation', { name: SHELL_TEXT.nav.id });
      await expect(nav.getByRole('link', { name: 'Saldo' })).toHaveAttribute('aria-current', 'page');
      expect(watch.problems.pageErrors, 'a remote failing is not an uncaught error').toEqual([]);
      await markDocument(page);

      // Another remote, through the navigation: renders.
      await nav.getByRole('link', { name: 'Trading' }).click();
      await expect(page).toHaveURL(/\/trade$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
      await expectRemoteFetched(watch, 'mf_trade', baseURL!);
      // The shell's own controls still work while a remote is down.
      await page.getByRole('button', { name: SHELL_TEXT.toDark.id }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.getByRole('group', { name: SHELL_TEXT.languageGroup.id }).getByRole('link', { name: 'English' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Trade' })).toBeVisible();

      // Back to the wallet: still down, the panel again (in English now).
      await page.getByRole('navigation', { name: SHELL_TEXT.nav.en }).getByRole('link', { name: 'Balance' }).click();
      await expect(page).toHaveURL(/\/en\/balance$/);
      const retryEn = wallet.getByTestId('remote-unavailable').getByRole('button', { name: SHELL_TEXT.retry.en });
      await expect(retryEn).toBeVisible();

      // A retry while it is still down keeps the panel, and the focus on Retry.
      await retryEn.click();
      await expect(wallet.getByTestId('remote-unavailable').getByRole('button', { name: SHELL_TEXT.retry.en })).toBeFocused();
      await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toHaveCount(0);

      // Reachable again: Retry renders the wallet in place.
      await page.unroute(WALLET_FILES);
      await wallet.getByRole('button', { name: SHELL_TEXT.retry.en }).click();
      await expect(wallet.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
      expect(await isSameDocument(page), 'Retry did not reload the page').toBe(true);
      await expectRemoteFetched(watch, 'mf_wallet', baseURL!);

      // And the wallet keeps working: its own link to the top-up page.
      await wallet.getByRole('link', { name: 'Top up' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: 'Top up balance' })).toBeVisible();
      expect(await isSameDocument(page)).toBe(true);
      // The failed loads of the wallet's files and the shell's report of the wallet failing are
      // expected console errors here; nothing else is.
      const unexpected = watch.consoleErrors.filter((error) => !walletOutage(error));
      expect(unexpected, 'console errors not about the failed remote').toEqual([]);
      watch.consoleErrors.length = 0;
      expectNoProblems(watch, 'after the wallet came back');
    });
  }

  test('a remote down does not stop another remote loaded first', async ({ page, context, baseURL, problems }) => {
    problems.expectConsoleErrors(walletOutage);
    await signIn(context, baseURL!);
    await page.goto('/en/transaction-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
    await page.route(WALLET_FILES, (route) => route.abort());
    await page.getByRole('navigation', { name: SHELL_TEXT.nav.en }).getByRole('link', { name: 'Balance' }).click();
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  });

  test('the registry unreachable: the panel, and Retry recovers', async ({ page, context, baseURL, problems }) => {
    problems.expectConsoleErrors(
      ({ text, url }) =>
        (text.startsWith('Failed to load resource') && url.endsWith('/remotes.json')) ||
        text.includes('is unavailable') ||
        // The document below is fulfilled by the test, so Chromium's local-network check refuses
        // its WebSocket to 127.0.0.1: an artefact of the interception, not of the page.
        text.includes('ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS'),
    );
    await signIn(context, baseURL!);
    await page.route('**/remotes.json', (route) => route.fulfill({ status: 503, body: '' }));
    // The page as an older server (or a cache) would send it: no inlined registry, no preloads.
    await page.route('**/en/portfolio', async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/<script type="application\/json" id="pasar-registry">.*?<\/script>/s, '')
        .replace(/<link rel="preload"[^>]*>/g, '');
      await route.fulfill({ response, body });
    });
    await page.goto('/en/portfolio');
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unroute('**/remotes.json');
    await page.getByRole('button', { name: SHELL_TEXT.retry.en }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  });
});
