// TEMPORARY (helper 10): screenshots of the trade page's order panel, removed after use.
import { expect, signIn, test } from './support-fixtures';
import { trader } from './support-crypto';

const OUT = '/tmp/h10-shots';

test('order panel screens', async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  // Guest at 360 and 1440.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/en/trade?ticker=BTC-IDR');
  await expect(page.getByTestId('guest-order-card')).toBeVisible();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${OUT}/guest-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/guest-1440.png` });

  const user = await signIn(context, baseURL!);
  await trader(context, baseURL!, user, { topUp: '5000000', acceptTerms: true });
  await page.goto('/en/trade?ticker=BTC-IDR');
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-ticket')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('order-available')).toContainText('Rp5,000,000');
  await page.getByLabel(/^Amount to spend \(IDR\)/).fill('1000000');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/simple-1440.png` });
  await panel.getByTestId('order-review-button').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/review-1440.png` });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByText('BTC buy order sent')).toBeVisible();

  // Pro: a limit buy below the market rests and shows on the chart and in open orders.
  await panel.getByRole('button', { name: 'Simple mode' }).click();
  await panel.getByTestId('layout-picker').getByRole('radio', { name: /^Pro\b/ }).check();
  await panel.getByLabel('Order type').selectOption('LIMIT');
  await page.getByLabel(/^Limit price/).fill('1000000000');
  await page.getByLabel(/^Amount to spend/).fill('500000');
  await panel.getByTestId('order-review-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByTestId('order-row')).toHaveCount(1, { timeout: 15000 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${OUT}/pro-1440.png`, fullPage: true });
  await panel.getByLabel('Order type').selectOption('OCO');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${OUT}/pro-360.png`, fullPage: true });

  // Dark, Indonesian.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade?ticker=BTC-IDR&theme=dark');
  await expect(page.getByTestId('order-ticket')).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${OUT}/dark-id-1440.png`, fullPage: true });
  // Keyboard: tab into the panel.
  await page.getByTestId('order-ticket').getByRole('button', { name: 'Jual' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.screenshot({ path: `${OUT}/dark-id-sell-1440.png` });
});
