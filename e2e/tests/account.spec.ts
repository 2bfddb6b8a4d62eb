// The account pages as a signed-in user uses them: identity verification submitted and approved
// by the operator command, a bank account added behind the PIN prompt, the notification of the
// approval, a name with markup shown as text, and an upload too large refused before it is sent.
import { expect, input, signIn, test } from './support-fixtures';
import { PNG, operator } from './support-operator';

test.describe('account pages', () => {
  test('identity verification: submitted, approved by the operator, then a bank account behind the PIN', async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    const user = await signIn(context, baseURL!);
    await page.goto('/en/account/identity-verification');
    await expect(page.getByTestId('kyc-status')).toHaveText('Not submitted');

    await input(page, 'NIK').fill('3174012345678901');
    await input(page, 'Full name as on the KTP').fill('Budi Santoso');
    await input(page, 'Place of birth').fill('Jakarta');
    await input(page, 'Date of birth').fill('1990-05-17');
    await input(page, 'Address').fill('Jl. Merdeka No. 1, Jakarta Pusat');
    await input(page, 'KTP photo').setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Preview of ktp.png' })).toBeVisible();
    await input(page, 'Selfie with your KTP').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Submit verification' }).click();
    await expect(page.getByTestId('kyc-status')).toHaveText('Under review');

    operator('kyc', 'approve', user.phone);
    await page.reload();
    await expect(page.getByTestId('kyc-status')).toHaveText('Verified');
    // US stocks need their own declaration once the identity is verified.
    await expect(page.getByTestId('gss-status')).toHaveText('Not submitted');

    await page.goto('/en/account/bankAccount');
    await expect(page.getByText('No bank account yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add account' }).click();
    await input(page, 'Bank').selectOption('014');
    await input(page, 'Account number').fill('1234567890');
    await input(page, 'Account holder name').fill('Budi Santoso');
    await page.getByRole('button', { name: 'Save account' }).click();
    // The server asks for the PIN (040): the prompt, then the same call goes through.
    const prompt = page.getByRole('dialog', { name: 'Enter your PIN' });
    await expect(prompt).toBeVisible();
    await prompt.getByLabel('PIN').fill(user.pin);
    await expect(prompt).toBeHidden();
    await expect(page.getByText('BCA · 1234567890')).toBeVisible();
    await expect(page.getByText('Primary')).toBeVisible();

    await page.goto('/en/notifications');
    await expect(page.getByTestId('notification').first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeHidden();
  });

  test('a file over the limit is refused before upload', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/kyc') uploads.push(request.url());
    });
    await page.goto('/en/account/identity-verification');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    await input(page, 'KTP photo').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect(page.getByText('The file is too large (up to 5 MB).')).toBeVisible();
    await input(page, 'Selfie with your KTP').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(page.getByText('The file must be a JPEG/PNG image or an MP4/WebM video.')).toBeVisible();
    await page.getByRole('button', { name: 'Submit verification' }).click();
    // Empty: each field says it is required, by the field (the NIK first).
    await expect(input(page, 'NIK')).toHaveAccessibleDescription(/Required\./);
    expect(uploads).toEqual([]);
  });

  test('a name with markup is shown as text', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Markup the page must show as characters (the client strips scripts from server strings, §5).
    const name = '<b>Budi</b> & <i>Santoso</i>';
    await page.goto('/en/account/profile');
    await input(page, 'Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText(name);
    await page.goto('/en/account');
    await expect(page.getByTestId('account-name')).toHaveText(name);
    await expect(page.getByTestId('account-name').locator('b, i')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('notification settings and the device list', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!);
    await page.goto('/en/account/notification');
    const marginByEmail = page.getByRole('switch', { name: 'Margin call by Email' });
    const before = await marginByEmail.isChecked();
    await marginByEmail.click();
    await expect(marginByEmail).toBeChecked({ checked: !before });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Margin call by Email' })).toBeChecked({ checked: !before });
    await expect(page.getByRole('switch', { name: 'Security by In app' })).toBeDisabled();

    await page.goto('/en/account/manage-session');
    await expect(page.getByTestId('device-session')).toHaveCount(1);
    await expect(page.getByText('This device')).toBeVisible();
    await page.getByRole('button', { name: 'Inactive' }).click();
    await expect(page.getByText('No sessions')).toBeVisible();
  });
});
