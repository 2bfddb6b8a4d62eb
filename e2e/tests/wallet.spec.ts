// The wallet as a new user uses it (issue 5): identity verified and US stocks approved by the
// operator, a top-up paid with the simulated payment, the balance seen, money moved into the USD
// wallet, a large cashout requested with the PIN and held, approved with the operator command, and
// seen paid. Plus the top-up form refusing bad amounts (and the server agreeing).
import { expect, input, signIn, test } from './support-fixtures';
import { operator } from './support-operator';
import { addBankAccountElsewhere, approveUsStocks, pendingCashoutId, userCall, verifyIdentity } from './support-wallet';

const PERSON = { fullName: 'Budi Santoso', birthDate: '1990-05-17' };

test.describe('wallet', () => {
  test('top up, see the balance, move money to USD, cash out with the PIN, held, approved, paid', async ({ page, context, baseURL }) => {
    test.setTimeout(180_000);
    const user = await signIn(context, baseURL!);

    // A new user: an empty balance that leads to top-up.
    await page.goto('/en/balance');
    await expect(page.getByRole('heading', { name: 'Your balance is empty' })).toBeVisible();

    await verifyIdentity(context, baseURL!, user, PERSON);
    await approveUsStocks(context, baseURL!, user, PERSON);
    await addBankAccountElsewhere(context, baseURL!, user, { bankCode: '014', accountNumber: '1234567890', holderName: PERSON.fullName });

    // Top-up: channel, amount, review, instructions, simulated payment.
    await page.getByRole('link', { name: 'Top up now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Top up balance' })).toBeVisible();
    await page.getByRole('radio', { name: /BCA Virtual Account/ }).check();
    await expect(page.getByText('At least Rp10,000, at most Rp50,000,000')).toBeVisible();
    await input(page, 'Top-up amount').fill('15000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    const review = page.getByRole('region', { name: 'Check your top-up' });
    await expect(review.getByTestId('review-total')).toHaveText('Rp15,004,000');
    await review.getByRole('button', { name: 'Get payment instructions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment instructions' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/balance\/topup\/[^/]+$/);
    await expect(page.getByTestId('payment-code')).toHaveText(/^\d{10,}$/);
    await expect(page.getByTestId('total-to-pay')).toHaveText('Rp15,004,000');
    await expect(page.getByTestId('topup-status')).toHaveText('Waiting for payment');
    await page.getByTestId('simulate-card').getByRole('button', { name: 'Simulate payment' }).click();
    await expect(page.getByText('Top-up received')).toBeVisible();
    await expect(page.getByTestId('paid-amount')).toHaveText('Rp15,000,000');

    // The balance shows it.
    await page.getByRole('link', { name: 'See balance' }).click();
    await expect(page.getByTestId('idr-available')).toHaveText('Rp15,000,000');
    await expect(page.getByTestId('history-row').first()).toContainText('+Rp15,000,000');

    // IDR → the USD (no leverage) wallet, with the live estimate and a review.
    await page.getByRole('link', { name: 'Move money to or from USD' }).click();
    await expect(page.getByRole('tab', { name: 'USD wallets' })).toHaveAttribute('aria-selected', 'true');
    await input(page, 'Amount (IDR)').fill('1000000');
    await expect(page.getByTestId('estimate-receive')).toHaveText(/^\$\d{1,3}\.\d{2}$/);
    await expect(page.getByTestId('estimate-price')).toHaveText(/^1 USD = Rp[\d,]+(\.\d+)?$/);
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('alertdialog', { name: 'Check your transfer' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('transfer-result')).toContainText('Done: Rp1,000,000 ↔ $');

    await page.goto('/en/balance');
    await expect(page.getByTestId('idr-available')).toHaveText('Rp14,000,000');
    await expect(page.getByTestId('usd-cash-paln')).not.toHaveText('$0.00');

    // A large cashout: reviewed, confirmed with the PIN, held while it waits for the operator.
    await page.getByRole('link', { name: 'Cash out' }).click();
    await expect(page.getByTestId('cashout-available')).toHaveText('Rp14,000,000');
    await input(page, 'Cashout amount').fill('12000000');
    await page.getByRole('button', { name: 'Review cashout' }).click();
    const cashoutReview = page.getByRole('region', { name: 'Check your cashout' });
    await expect(cashoutReview.getByTestId('review-received')).toHaveText('Rp11,997,500');
    await expect(cashoutReview.getByTestId('review-process')).toHaveText('Reviewed by our team first');
    await expect(cashoutReview.getByTestId('review-bank')).toContainText('BCA');
    await cashoutReview.getByRole('button', { name: 'Confirm cashout' }).click();
    const prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('PIN').fill(user.pin);
    await expect(prompt).toBeHidden();
    await expect(page.getByTestId('cashout-result-status')).toHaveText('Waiting for review');
    await expect(page.getByTestId('cashout-row').first().getByTestId('cashout-status')).toHaveText('Waiting for review');

    await page.goto('/en/balance');
    await expect(page.getByTestId('idr-on-hold')).toHaveText('Rp12,000,000');
    await expect(page.getByTestId('idr-available')).toHaveText('Rp2,000,000');

    // The operator approves it; the user sees it paid and the hold gone.
    operator('cashout', 'approve', pendingCashoutId(user.phone));
    await page.goto('/en/balance/cashout');
    await expect(page.getByTestId('cashout-row').first().getByTestId('cashout-status')).toHaveText('Paid');
    await page.goto('/en/balance');
    await expect(page.getByTestId('idr-on-hold')).toHaveText('Rp0');
    await expect(page.getByTestId('idr-available')).toHaveText('Rp2,000,000');
  });

  test('the top-up form refuses an amount below the minimum and letters; so does the server', async ({ page, context, baseURL }) => {
    const user = await signIn(context, baseURL!);
    await verifyIdentity(context, baseURL!, user, PERSON);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/wallet/topups') posts.push(request.url());
    });

    await page.goto('/en/balance/topup');
    await page.getByRole('radio', { name: /BCA Virtual Account/ }).check();
    const amount = input(page, 'Top-up amount');
    await amount.pressSequentially('abc');
    await expect(amount).toHaveValue('');
    await amount.pressSequentially('5x0y00');
    await expect(amount).toHaveValue('5,000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The minimum is Rp10,000.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Check your top-up' })).toHaveCount(0);
    expect(posts).toEqual([]);

    // The server refuses the same amount on its own (3402), and text that is not a number (002).
    const below = await userCall(context, baseURL!, user, 'POST', '/api/wallet/topups', { paymentChannel: 'BCA_VA', amount: '5000' });
    expect(below.envelope.error_code).toBe('3402');
    const letters = await userCall(context, baseURL!, user, 'POST', '/api/wallet/topups', { paymentChannel: 'BCA_VA', amount: '5O000' });
    expect(letters.envelope.error_code).toBe('002');
  });
});
