// This year's tax report as a new user gets it: after a crypto buy and sale (through the API, the
// trade pages have their own journey), the yearly report is requested on /tax-reports, generated in
// the background until it is ready, and its CSV and PDF download: the CSV lists the sale with the
// tax withheld and its totals, the PDF is a PDF. A 360 px phone shows the page whole.
import fs from 'node:fs';
import { expect, input, signIn, test } from './support-fixtures';
import { PATHS, trader, type Order } from './support-crypto';
import { userCall } from './support-wallet';
import { expectNoOverflowAt360 } from './support-layout';

const SYMBOL = 'BTC-IDR';

async function placed(answer: Promise<{ httpStatus: number; envelope: { status: string; data: { orders: Order[] }; error_message?: string } }>): Promise<Order> {
  const { httpStatus, envelope } = await answer;
  if (envelope.status !== 'success') throw new Error(`order refused: ${httpStatus} ${envelope.error_message}`);
  return envelope.data.orders[0]!;
}

test('a new user trades, requests this year’s tax report, and downloads its CSV and PDF', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const user = await signIn(context, baseURL!);
  await trader(context, baseURL!, user, { topUp: '5000000', acceptTerms: true });
  const buy = await placed(userCall(context, baseURL!, user, 'POST', PATHS.buy, { symbol: SYMBOL, amount: '1000000' }));
  const sell = await placed(userCall(context, baseURL!, user, 'POST', '/api/crypto/sell', { symbol: SYMBOL, quantity: buy.filledQuantity }));
  expect(sell.status).toBe('SUCCESS');
  const year = new Date(Date.now() + 7 * 3600_000).getUTCFullYear();

  await page.goto('/en/tax-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax reports' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No tax reports yet' })).toBeVisible();
  await expect(input(page, 'Period')).toHaveValue('YEAR');
  await expect(input(page, 'Year')).toHaveValue(String(year));
  await page.getByRole('button', { name: 'Request report' }).click();

  const report = page.getByTestId('tax-report');
  await expect(report).toHaveCount(1);
  await expect(report).toContainText(`Year ${year}`);
  await expect(report).toContainText('Ready', { timeout: 60_000 });
  await expect(report).toContainText('Crypto final PPh 22 withheld');

  await test.step('the CSV: the sale with the tax withheld, and the totals', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: `Download CSV: Year ${year}` }).click()]);
    expect(download.suggestedFilename()).toBe(`tax-report-${year}.csv`);
    const rows = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n').map((line) => line.split(','));
    const header = rows[0]!;
    const sale = rows.find((r) => r[0] === 'SALE')!;
    expect(sale[header.indexOf('symbol')]).toBe(SYMBOL);
    expect(sale[header.indexOf('withheld_idr')]).toBe(sell.tax);
    expect(sale[header.indexOf('agrees')]).toBe('yes');
    const total = rows.find((r) => r[0] === 'TOTAL' && r[header.indexOf('symbol')] === 'cryptoTaxWithheld')!;
    expect(total[header.indexOf('amount_idr')]).toBe(sell.tax);
  });

  await test.step('the PDF', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: `Download PDF: Year ${year}` }).click()]);
    expect(download.suggestedFilename()).toBe(`tax-report-${year}.pdf`);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  await test.step('at 360 px the page has no horizontal overflow', async () => {
    await expectNoOverflowAt360(page);
    await expect(report).toContainText('Ready');
  });
});
