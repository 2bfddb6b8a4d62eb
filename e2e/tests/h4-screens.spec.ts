// TEMPORARY (helper 4): screenshots of the wallet pages for a visual check; deleted after use.
import { signIn, test } from './support-fixtures';
import { addBankAccountElsewhere, approveUsStocks, userCall, verifyIdentity } from './support-wallet';

const PERSON = { fullName: 'Budi Santoso', birthDate: '1990-05-17' };

test('screens', async ({ page, context, baseURL }) => {
  test.setTimeout(170_000);
  const user = await signIn(context, baseURL!);
  await verifyIdentity(context, baseURL!, user, PERSON);
  await approveUsStocks(context, baseURL!, user, PERSON);
  await addBankAccountElsewhere(context, baseURL!, user, { bankCode: '014', accountNumber: '1234567890', holderName: PERSON.fullName });
  const created = await userCall<{ id: string }>(context, baseURL!, user, 'POST', '/api/wallet/topups', { paymentChannel: 'BCA_VA', amount: '15000000' });
  await userCall(context, baseURL!, user, 'POST', `/api/wallet/topups/${created.envelope.data.id}/simulate-payment`);
  await userCall(context, baseURL!, user, 'POST', '/api/global-stock/transfer', { wallet: 'paln', direction: 'TO_USD', amount: '1000000' });
  const pending = await userCall<{ id: string }>(context, baseURL!, user, 'POST', '/api/wallet/topups', { paymentChannel: 'GOPAY', amount: '50000' });
  const shots: [string, string][] = [
    ['balance', '/en/balance'],
    ['topup', '/balance/topup'],
    ['topup-detail', `/en/balance/topup/${pending.envelope.data.id}`],
    ['cashout', '/en/balance/cashout'],
    ['transfer', '/en/balance/transfer'],
    ['transfer-perps', '/balance/transfer?tab=perps'],
  ];
  for (const [w, h, tag] of [[1440, 900, 'desk'], [360, 740, 'phone']] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const [name, url] of shots) {
      await page.goto(url);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/h4-shots/${tag}-${name}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/balance');
  await page.getByRole('button', { name: /dark/i }).first().click().catch(() => undefined);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/h4-shots/desk-balance-dark.png`, fullPage: true });
  await page.goto('/en/balance/cashout');
  await page.getByLabel(/Cashout amount/).fill('12000000');
  await page.getByRole('button', { name: 'Review cashout' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/h4-shots/desk-cashout-review-dark.png`, fullPage: true });
});
