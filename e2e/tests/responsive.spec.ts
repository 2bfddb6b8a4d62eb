// Layout at a 360 px phone: no horizontal overflow on the main routes, and the menu button
// discloses the navigation, operable with the keyboard alone. The 1440 px desktop is checked by
// routes.spec on every route it opens (no overflow, the navigation in the header).
import type { Page } from '@playwright/test';
import { SHELL_TEXT, SPEC_ROUTES } from './support-routes';
import { expect, expectNoProblems, localized, signIn, test, type Lang } from './support-fixtures';
import { expectNoHorizontalOverflow } from './support-layout';

const PHONE = { width: 360, height: 740 };

const MAIN_ROUTES = [
  '/trade',
  '/trade?ticker=BTCUSDT-PERP',
  '/trade/USDT-IDR',
  '/asset/usstock/AAPL/1',
  '/portfolio',
  '/balance',
  '/balance/topup',
  '/transaction-history',
  '/tax-reports',
  '/account',
  '/account/identity-verification',
  '/account/language',
  '/notifications',
  '/login',
];

async function openRoute(page: Page, path: string, lang: Lang): Promise<void> {
  const route = SPEC_ROUTES.find((r) => r.path === path)!;
  await page.goto(localized(path, lang));
  await expect(page.getByRole('heading', { level: 1, name: route.heading[lang], exact: true })).toBeVisible();
  await expect(page.getByTestId('remote-loading')).toHaveCount(0);
}

// Read-only: its tests may share both workers.
test.describe.configure({ mode: 'parallel' });

test.describe('no horizontal overflow at 360 × 740', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  for (const path of MAIN_ROUTES) {
    test(path, async ({ page, context, baseURL, watch }) => {
      // /login is for guests (a signed-in user is sent on to the trade home).
      if (path !== '/login') await signIn(context, baseURL!);
      for (const lang of ['id', 'en'] as const) {
        await openRoute(page, path, lang);
        await expectNoHorizontalOverflow(page, localized(path, lang));
      }
      // The open menu stays within the screen too.
      const menu = page.getByRole('button', { name: SHELL_TEXT.menu.en, exact: true });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expectNoHorizontalOverflow(page, `${localized(path, 'en')} with the menu open`);
      expectNoProblems(watch, path);
    });
  }
});

test.describe('the menu on a 360 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('opens, is walked and followed with the keyboard, and closes', async ({ page, context, baseURL, watch }) => {
    await signIn(context, baseURL!);
    await openRoute(page, '/portfolio', 'id');
    const nav = page.getByRole('navigation', { name: SHELL_TEXT.nav.id });
    const menu = nav.getByRole('button', { name: SHELL_TEXT.menu.id, exact: true });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Trading' })).toBeHidden();

    // From the top of the page: skip link, wordmark, then the menu button.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Langsung ke konten' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pasar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
    await expect(list).toBeVisible();
    for (const name of ['Trading', 'Portofolio', 'Saldo']) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
    }
    await expect(nav.getByRole('link', { name: 'Portofolio' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Tab');
    const reports = nav.getByRole('button', { name: SHELL_TEXT.reports.id });
    await expect(reports).toBeFocused();
    await page.keyboard.press('Space');
    await expect(reports).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Riwayat transaksi' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Laporan pajak' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/tax-reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Laporan pajak' })).toBeVisible();
    await expect(menu, 'following a link closes the menu').toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    // Escape closes it and gives the focus back to the button.
    await menu.focus();
    await page.keyboard.press('Space');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Trading' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(list).toBeHidden();

    // Tapping the button toggles it too.
    await menu.tap();
    await expect(list).toBeVisible();
    await menu.tap();
    await expect(list).toBeHidden();
    expectNoProblems(watch, 'menu');
  });

  test('the skip link moves the focus to the page', async ({ page }) => {
    await openRoute(page, '/trade', 'en');
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
