// Mobile web (§2): under /pwa the layout (skip link, header, menu) is hidden and the page shows
// with a bottom navigation; the theme is dark unless the query says light, whatever the cookie or the OS say.
import type { Page } from '@playwright/test';
import { LOGIN_PROMPT, SHELL_TEXT } from './support-routes';
import { cookie, expect, expectNoProblems, expectRemoteFetched, test } from './support-fixtures';

const theme = (page: Page) => page.locator('html');

async function expectNoLayout(page: Page): Promise<void> {
  await expect(page.getByRole('banner'), 'no header').toHaveCount(0);
  // (The trade page's own market navigation is part of the page.) The main navigation is the bottom bar (phone.spec.ts).
  await expect(page.getByRole('navigation', { name: /^(Navigasi utama|Main navigation)$/ }), 'the main navigation is the bottom bar').toHaveAttribute('data-testid', 'bottom-nav');
  await expect(page.getByRole('link', { name: /Langsung ke konten|Skip to content/ }), 'no skip link').toHaveCount(0);
  await expect(page.getByRole('button', { name: SHELL_TEXT.menu.id }), 'no menu button').toHaveCount(0);
  await expect(page.getByRole('group', { name: /^(Bahasa|Language)$/ }), 'no language switch').toHaveCount(0);
  await expect(page.getByRole('main'), 'the page itself shows').toBeVisible();
}

test.describe('mobile web', () => {
  // The OS and a saved cookie both say light: mobile web must still open dark.
  test.use({ colorScheme: 'light', viewport: { width: 390, height: 844 } });

  test('/pwa/trade: the page without the layout, dark by default', async ({ page, context, baseURL, watch }) => {
    await context.addCookies([{ name: 'theme', value: 'light', url: baseURL! }]);
    const response = await page.goto('/pwa/trade');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(page.getByTestId('selected-symbol')).toHaveText('BTC-IDR');
    await expectNoLayout(page);
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(theme(page)).toHaveAttribute('lang', 'id');
    // A mobile-web page is a copy of its desktop page: that is its canonical address.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${new URL(baseURL!).origin}/trade`);
    expect(await cookie(context, 'theme'), 'the mobile-web theme is not saved over the choice').toBe('light');
    await expectRemoteFetched(watch, 'mf_trade', baseURL!);
    expectNoProblems(watch, '/pwa/trade');

    // In-app links keep the /pwa prefix, and the layout stays hidden.
    await page.getByRole('link', { name: 'Kripto Futures' }).click();
    await expect(page).toHaveURL(/\/pwa\/trade\/BTCUSDT-PERP$/);
    await expect(page.getByTestId('selected-symbol')).toHaveText('BTCUSDT-PERP');
    await expectNoLayout(page);
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('/pwa/en/portfolio: English, no layout, dark', async ({ page, baseURL, watch }) => {
    await page.goto('/pwa/en/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: LOGIN_PROMPT.en })).toBeVisible();
    await expectNoLayout(page);
    await expect(theme(page)).toHaveAttribute('lang', 'en');
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${new URL(baseURL!).origin}/en/portfolio`);
    // The prompt's links stay in mobile web and in English.
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/pwa/en/login');
    await expectRemoteFetched(watch, 'mf_portfolio', baseURL!);
    expectNoProblems(watch, '/pwa/en/portfolio');
  });

  const queryCases: [query: string, expected: 'light' | 'dark'][] = [
    ['?theme=light', 'light'],
    ['?theme=dark', 'dark'],
    ['?theme=blue', 'dark'],
    ['?theme=LIGHT', 'dark'],
    ['?theme=', 'dark'],
  ];

  test('?theme=light is light; dark, any other value or none is dark', async ({ page, context, baseURL }) => {
    for (const [query, expected] of queryCases) {
      for (const path of ['/pwa/trade', '/pwa/en/portfolio']) {
        await page.goto(`${path}${query}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(theme(page), `${path}${query}`).toHaveAttribute('data-theme', expected);
        await expectNoLayout(page);
      }
    }
    // A saved dark choice does not beat the query's light either.
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    await page.goto('/pwa/trade?theme=light');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    expect(await cookie(context, 'theme')).toBe('dark');
  });

  test('the desktop page next to it keeps its layout and the saved theme', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'light', url: baseURL! }]);
    await page.goto('/pwa/trade');
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await page.goto('/trade');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
  });
});
