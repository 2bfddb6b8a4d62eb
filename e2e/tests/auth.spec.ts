// Journeys of issue 3 as a new user would make them: sign up with a phone number and the code
// from the development inbox, set a PIN, log out and in again; one browser ending another's
// session; a PIN blocked by wrong guesses and recovered through forgot-PIN; bad input refused.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, input, latestCode, signIn, test, uniquePhone } from './support-fixtures';

async function enterPhone(page: Page, phone: string): Promise<number> {
  await input(page, 'Phone number').fill(phone);
  const since = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  return since;
}

async function enterCode(page: Page, context: BrowserContext, baseURL: string, phone: string, since: number): Promise<void> {
  await expect(input(page, 'Verification code')).toBeVisible();
  const code = await latestCode(context, baseURL, phone, since);
  // Six digits submit by themselves.
  await input(page, 'Verification code').fill(code);
}

async function logInThroughUi(page: Page, context: BrowserContext, baseURL: string, phone: string, pin: string): Promise<void> {
  await page.goto('/en/login');
  const since = await enterPhone(page, phone);
  await enterCode(page, context, baseURL, phone, since);
  await input(page, 'Enter your PIN').fill(pin);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

test.describe('sign-up and login', () => {
  test('sign up with the code from the inbox, set a PIN, log out, log in again', async ({ page, context, baseURL }) => {
    const phone = uniquePhone();
    // A local form of the number: the same number once normalised.
    const local = `0${phone.slice(3)}`;
    await page.goto('/en/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up for Pasar' })).toBeVisible();
    const since = await enterPhone(page, local);
    await enterCode(page, context, baseURL!, phone, since);

    await expect(page.getByRole('heading', { level: 1, name: 'Create a PIN' })).toBeVisible();
    await input(page, 'Create a PIN').fill('246813');
    await expect(page.getByRole('heading', { level: 1, name: 'Repeat your PIN' })).toBeVisible();
    // The on-screen pad works as well as the keyboard.
    for (const digit of '246813') await page.getByRole('button', { name: `Digit ${digit}` }).click();

    await expect(page).toHaveURL(/\/en\/trade$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    const token = (await context.cookies()).find((c) => c.name === 'pasarToken');
    expect(token?.value.split('.')).toHaveLength(3);
    // The refresh token is the server's HttpOnly cookie, never readable by script.
    const refresh = (await context.cookies()).find((c) => c.name === 'pasarRefresh');
    expect(refresh?.httpOnly).toBe(true);
    expect((await context.cookies()).some((c) => c.name === 'pasarRefreshToken')).toBe(false);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'pasarToken')).toBe(false);

    await logInThroughUi(page, context, baseURL!, phone, '246813');
    await page.goto('/en/account');
    await expect(page.getByText(`+62 ${phone.slice(3, 6)}-`)).toBeVisible();
  });

  test('a registered number is told to log in; an unknown one to sign up', async ({ page, browser, baseURL }) => {
    const elsewhere = await browser.newContext({ baseURL });
    const user = await signIn(elsewhere, baseURL!);
    await elsewhere.close();
    await page.goto('/en/signup');
    await enterPhone(page, user.phone);
    await expect(page.getByText('This number is already registered.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in with this number' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(input(page, 'Phone number')).toHaveValue(user.phone);

    await input(page, 'Phone number').fill(uniquePhone());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This number is not registered with Pasar.')).toBeVisible();
  });

  test('bad input gets a clear error and sends nothing', async ({ page, context, baseURL }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) sent.push(new URL(request.url()).pathname);
    });
    await page.goto('/en/signup');
    await input(page, 'Phone number').fill('12345');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/Enter an Indonesian mobile number/)).toBeVisible();
    await input(page, 'Phone number').fill('+1 415 555 0100');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/Enter an Indonesian mobile number/)).toBeVisible();
    expect(sent).toEqual([]);

    const phone = uniquePhone();
    await enterPhone(page, phone);
    await expect(input(page, 'Verification code')).toBeVisible();
    await input(page, 'Verification code').fill('12345');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The verification code must be 6 digits.')).toBeVisible();
    expect(sent.filter((path) => path.endsWith('verify-otp'))).toEqual([]);

    const code = await latestCode(context, baseURL!, phone);
    await input(page, 'Verification code').fill(code);
    await expect(input(page, 'Create a PIN')).toBeVisible();
    await input(page, 'Create a PIN').pressSequentially('12ab');
    await expect(page.getByText('Only digits 0–9 can be entered')).toBeVisible();
    await expect(input(page, 'Create a PIN')).toHaveValue('12');
  });
});

test.describe('sessions and the PIN', () => {
  test('ending a session from another browser logs the first out on its next action', async ({ page, context, browser, baseURL }) => {
    const user = await signIn(context, baseURL!);
    await page.goto('/en/account');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await logInThroughUi(second, other, baseURL!, user.phone, user.pin);
    await second.goto('/en/account/manage-session');
    const sessions = second.getByTestId('device-session');
    await expect(sessions).toHaveCount(2);
    const first = sessions.filter({ hasNot: second.getByText('This device') });
    await first.getByRole('button', { name: 'Sign out' }).click();
    await second.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions).toHaveCount(1);

    // The first browser's next action: its session is gone, it is logged out.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/trade$/);
    expect((await context.cookies()).some((c) => c.name === 'pasarToken')).toBe(false);
    await other.close();
  });

  test('wrong PINs block it; forgot-PIN sets a new one and login works again', async ({ page, context, browser, baseURL }) => {
    const elsewhere = await browser.newContext({ baseURL });
    const user = await signIn(elsewhere, baseURL!);
    await elsewhere.close();
    await page.goto('/en/login');
    const since = await enterPhone(page, user.phone);
    await enterCode(page, context, baseURL!, user.phone, since);
    const pin = input(page, 'Enter your PIN');
    await pin.fill('000000');
    await expect(page.getByText(/Incorrect PIN|Wrong PIN/)).toBeVisible();
    for (let i = 0; i < 6 && !(await page.getByText(/PIN is blocked/).isVisible()); i++) {
      await expect(pin).toBeEnabled();
      await pin.fill('000000');
      await expect(pin).toHaveValue('');
    }
    await expect(page.getByText(/Your PIN is blocked/)).toBeVisible();
    // The right PIN no longer helps.
    await pin.fill(user.pin);
    await expect(page.getByText(/Your PIN is blocked/)).toBeVisible();

    await page.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your PIN' })).toBeVisible();
    await expect(input(page, 'Phone number')).toHaveValue(user.phone);
    const resetSince = await enterPhone(page, user.phone);
    await enterCode(page, context, baseURL!, user.phone, resetSince);
    await input(page, 'Create a new PIN').fill('975310');
    await input(page, 'Repeat the new PIN').fill('975310');
    await expect(page.getByText('Your new PIN is saved. Log in with your new PIN.')).toBeVisible();

    await logInThroughUi(page, context, baseURL!, user.phone, '975310');
  });
});
