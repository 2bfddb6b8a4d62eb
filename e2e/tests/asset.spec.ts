// Asset pages as a guest: profile, key figures, chart ranges ONE_DAY … ALL, US stock facts.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const candlesOf = async (page: Page) => Number(await page.getByTestId('price-chart').getAttribute('data-candles'));

test('a US stock page shows its chart ranges, profile, corporate actions and EPS', async ({ page, problems }) => {
  await page.goto('/en/asset/usstock/AAPL/1');
  await expect(page.getByRole('heading', { level: 1, name: 'US stock AAPL' })).toBeVisible();
  await expect(page.getByTestId('asset-name')).toContainText('Apple');
  const ranges = page.getByRole('group', { name: 'Chart range' });
  await expect(ranges.getByRole('button')).toHaveText(['1D', '1W', '1M', '3M', 'YTD', '1Y', 'All']);
  await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);

  for (const [name, resolution] of [
    ['1 day', '5'],
    ['1 year', '1D'],
    ['All history', '1W'],
  ] as const) {
    await ranges.getByRole('button', { name }).click();
    await expect(page.getByTestId('price-chart')).toHaveAttribute('data-resolution', resolution);
    await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('key-figures')).toContainText('52-week high');
  await expect(page.getByTestId('key-figures')).toContainText('Market cap');
  await expect(page.getByTestId('corporate-actions').or(page.getByText('No corporate actions yet.'))).toBeVisible();
  await expect(page.getByTestId('eps')).toBeVisible();
  expect(problems.pageErrors).toEqual([]);
});

test('a crypto asset page shows the coin in Indonesian and links to its trade page', async ({ page, problems }) => {
  await page.goto('/asset/crypto/BTC/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Aset kripto BTC' })).toBeVisible();
  await expect(page.getByTestId('asset-name')).toContainText('Bitcoin');
  await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('news-list')).toBeVisible();
  await page.getByRole('link', { name: 'Trading sekarang' }).click();
  await expect(page).toHaveURL(/\/trade\/BTC-IDR$/);
  expect(problems.pageErrors).toEqual([]);
});

test('an index page charts the index and offers no trading', async ({ page }) => {
  await page.goto('/en/asset/usindex/SPX/1001');
  await expect(page.getByRole('heading', { level: 1, name: 'US index SPX' })).toBeVisible();
  await expect.poll(() => candlesOf(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Trade now' })).toHaveCount(0);
});
