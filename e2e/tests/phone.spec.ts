// The trade page at 390 px: the order panel is not in the page's flow; a sticky Buy/Sell bar at
// the bottom opens it as a sheet (a dialog named by the symbol), which closes back to the bar.
// Under /pwa a bottom navigation carries the main sections and the bar stands above it.
import type { Page } from '@playwright/test';
import { expect, expectNoProblems, test } from './support-fixtures';

const PHONE = { width: 390, height: 844 };

async function openPair(page: Page, path: string, symbol: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('selected-symbol')).toHaveText(symbol);
  await expect(page.getByTestId('remote-loading')).toHaveCount(0);
}

test.describe('the trade page on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a sticky Buy/Sell bar opens the order panel as a sheet (id, then en)', async ({ page, watch }) => {
    await openPair(page, '/trade/BTC-IDR', 'BTC-IDR');
    const bar = page.getByRole('group', { name: 'Beli atau jual' });
    await expect(bar).toBeVisible();
    // Sticky: at the bottom of the screen, whatever the scroll.
    await page.mouse.wheel(0, 600);
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    // The panel is not in the page until asked for.
    await expect(page.getByRole('dialog', { name: 'Order BTC-IDR' })).toHaveCount(0);

    await bar.getByRole('button', { name: 'Beli' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Order BTC-IDR' });
    await expect(sheet).toBeVisible();
    // A guest's panel: the way to sign in (a signed-in person gets the ticket; the sheet moves either).
    await expect(sheet.getByRole('link', { name: /Masuk|Daftar/ }).first()).toBeVisible();
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.width).toBeLessThanOrEqual(PHONE.width);
    await expect(bar).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(bar).toBeVisible();

    await openPair(page, '/en/trade/ETH-IDR', 'ETH-IDR');
    await page.getByRole('group', { name: 'Buy or sell' }).getByRole('button', { name: 'Sell' }).tap();
    const sellSheet = page.getByRole('dialog', { name: 'Order ETH-IDR' });
    await expect(sellSheet).toBeVisible();
    await page.getByRole('button', { name: 'Close', exact: true }).tap();
    await expect(sellSheet).toHaveCount(0);
    expectNoProblems(watch, '/trade/BTC-IDR on a phone');
  });

  test('/pwa/trade: a bottom navigation, the Buy/Sell bar above it', async ({ page, watch }) => {
    await openPair(page, '/pwa/trade/BTC-IDR', 'BTC-IDR');
    const nav = page.getByRole('navigation', { name: 'Navigasi utama' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Trading', 'Portofolio', 'Saldo', 'Akun']);
    await expect(nav.getByRole('link', { name: 'Trading' })).toHaveAttribute('aria-current', 'page');
    const navBox = (await nav.boundingBox())!;
    expect(Math.round(navBox.y + navBox.height)).toBe(PHONE.height);
    const barBox = (await page.getByRole('group', { name: 'Beli atau jual' }).boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);

    await nav.getByRole('link', { name: 'Portofolio' }).tap();
    await expect(page).toHaveURL(/\/pwa\/portfolio$/);
    await expect(page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Portofolio' })).toHaveAttribute('aria-current', 'page');
    expectNoProblems(watch, '/pwa/trade on a phone');
  });
});

test.describe('the trade page on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('has no phone bar: the order panel sits in the grid', async ({ page }) => {
    await openPair(page, '/trade/BTC-IDR', 'BTC-IDR');
    await expect(page.getByTestId('phone-order-bar')).toHaveCount(0);
    await expect(page.locator('[data-area="order"]')).toBeVisible();
  });
});
