// The theme and language switches: what they change (<html data-theme>/<html lang>, the URL
// prefix, the colours, the page's text), that the choice survives reloads (cookie, URL), and
// the `theme` query parameter of §2.
import type { Page } from '@playwright/test';
import { SHELL_TEXT } from './support-routes';
import { cookie, expect, expectNoProblems, signIn, test } from './support-fixtures';

const html = (page: Page) => page.locator('html');
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** A flag on `window` that only survives client-side navigation, not a page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __e2eSameDocument: boolean }).__e2eSameDocument = true));
const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument === true);

test.describe('theme switch', () => {
  test.use({ colorScheme: 'light' });

  test('switches light ↔ dark and keeps the choice across reloads and pages', async ({ page, context, watch }) => {
    await page.goto('/trade');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await cookie(context, 'theme'), 'no theme cookie before a choice').toBeUndefined();
    const lightBackground = await bodyBackground(page);

    await page.getByRole('button', { name: SHELL_TEXT.toDark.id }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: SHELL_TEXT.toLight.id })).toBeVisible();
    expect(await cookie(context, 'theme')).toBe('dark');
    const darkBackground = await bodyBackground(page);
    expect(darkBackground, 'the colours change with the theme').not.toBe(lightBackground);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await bodyBackground(page)).toBe(darkBackground);

    // Another page, another language, a remote's page: still dark.
    await page.goto('/en/asset/crypto/BTC/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Crypto asset BTC' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');

    await page.getByRole('button', { name: SHELL_TEXT.toLight.en }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await cookie(context, 'theme')).toBe('light');
    expect(await bodyBackground(page)).toBe(lightBackground);
    await page.reload();
    await expect(page.getByRole('button', { name: SHELL_TEXT.toDark.en })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expectNoProblems(watch, 'theme switch');
  });

  test('the theme cookie outlives the session (long-lived)', async ({ page, context }) => {
    await page.goto('/trade');
    await page.getByRole('button', { name: SHELL_TEXT.toDark.id }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    const theme = (await context.cookies()).find((c) => c.name === 'theme');
    expect(theme?.expires, 'a persistent cookie, not a session cookie').toBeGreaterThan(Date.now() / 1000 + 30 * 24 * 3600);
    expect(theme?.path).toBe('/');
  });
});

test.describe('the OS preference', () => {
  test.use({ colorScheme: 'dark' });

  test('is followed without a cookie; a saved choice wins over it', async ({ page, context, baseURL }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await cookie(context, 'theme'), 'following the OS is not saved').toBeUndefined();

    await context.addCookies([{ name: 'theme', value: 'light', url: baseURL! }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('the theme query parameter', () => {
  test.use({ colorScheme: 'light' });

  test('?theme= wins over the cookie for that page, without changing the saved choice', async ({ page, context, baseURL, watch }) => {
    await context.addCookies([{ name: 'theme', value: 'light', url: baseURL! }]);
    await page.goto('/trade?theme=dark');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await cookie(context, 'theme'), 'the query is not saved').toBe('light');

    await page.goto('/trade');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    await page.goto('/en/trade/USDT-IDR?theme=light');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore USDT-IDR' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await cookie(context, 'theme')).toBe('dark');
    expectNoProblems(watch, 'theme query');
  });

  test('an unknown value is ignored: the cookie (or the OS) decides', async ({ page, context, baseURL }) => {
    await page.goto('/trade?theme=purple');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    for (const value of ['purple', 'DARK', 'LIGHT', '']) {
      await page.goto(`/trade?theme=${value}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
      await expect(html(page), `?theme=${value}`).toHaveAttribute('data-theme', 'dark');
    }
  });

  test('the switch still works after opening a page with ?theme=', async ({ page, context }) => {
    await page.goto('/trade?theme=dark');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: SHELL_TEXT.toLight.id }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await cookie(context, 'theme')).toBe('light');
  });
});

test.describe('language switch', () => {
  test('moves the page to /en in place, then back, keeping the query; reloads keep it', async ({ page, context, watch }) => {
    await page.goto('/trade?ticker=AAPL');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'id');
    await markDocument(page);

    const idSwitch = page.getByRole('group', { name: SHELL_TEXT.languageGroup.id });
    await expect(idSwitch.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/trade?ticker=AAPL');
    await expect(idSwitch.getByRole('link', { name: 'Bahasa Indonesia' })).toHaveAttribute('aria-current', 'true');
    await idSwitch.getByRole('link', { name: 'English' }).click();

    await expect(page).toHaveURL(/\/en\/trade\?ticker=AAPL$/);
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Trade' })).toBeVisible();
    await expect(page.getByTestId('selected-market')).toHaveText('US stocks');
    await expect(page.getByRole('navigation', { name: SHELL_TEXT.nav.en })).toBeAttached();
    await expect(page.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/en/portfolio');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/trade$/);
    expect(await cookie(context, 'language')).toBe('en');
    expect(await isSameDocument(page), 'the switch does not reload the page').toBe(true);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Trade' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    const enSwitch = page.getByRole('group', { name: SHELL_TEXT.languageGroup.en });
    await expect(enSwitch.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');

    await enSwitch.getByRole('link', { name: 'Bahasa Indonesia' }).click();
    await expect(page).toHaveURL(/\/trade\?ticker=AAPL$/);
    expect(new URL(page.url()).pathname).toBe('/trade');
    await expect(html(page)).toHaveAttribute('lang', 'id');
    await expect(page.getByTestId('selected-market')).toHaveText('Saham AS');
    expect(await cookie(context, 'language')).toBe('id');
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'id');
    await expect(page.getByRole('heading', { level: 1, name: 'Trading' })).toBeVisible();
    expectNoProblems(watch, 'language switch');
  });

  test('Back after a switch returns to the other language', async ({ page }) => {
    await page.goto('/trade/USDT-IDR');
    await expect(page.getByRole('heading', { level: 1, name: 'Jelajahi USDT-IDR' })).toBeVisible();
    await page.getByRole('group', { name: SHELL_TEXT.languageGroup.id }).getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Explore USDT-IDR' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/trade\/USDT-IDR$/);
    expect(new URL(page.url()).pathname).toBe('/trade/USDT-IDR');
    await expect(html(page)).toHaveAttribute('lang', 'id');
    await expect(page.getByRole('heading', { level: 1, name: 'Jelajahi USDT-IDR' })).toBeVisible();
    await page.goForward();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore USDT-IDR' })).toBeVisible();
  });

  test('the account language page switches too (signed in)', async ({ page, context, baseURL, watch }) => {
    await signIn(context, baseURL!);
    await page.goto('/account/language');
    await expect(page.getByRole('heading', { level: 1, name: 'Bahasa' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Bahasa Indonesia' })).toBeChecked();
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(page).toHaveURL(/\/en\/account\/language$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: SHELL_TEXT.nav.en })).toBeAttached();
    expect(await cookie(context, 'language')).toBe('en');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(html(page)).toHaveAttribute('lang', 'en');
    expectNoProblems(watch, 'account language page');
  });
});
