// The shared fixture's rule: a journey fails on any console error, except the browser's line for
// an API refusal the page handles (a 4xx answer) and errors a spec declares it provokes.
import { expect, test } from '../support/fixtures';

test('a console error during a journey is recorded, and the fixture fails a passed journey that has one', async ({ page, problems }) => {
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => console.error('an unexpected failure'));
  await expect.poll(() => problems.consoleErrors).toEqual(['an unexpected failure']);
  // The fixture's end-of-journey rule, applied to what it recorded.
  expect(() => expect(problems.consoleErrors, 'console errors during the journey').toEqual([])).toThrow(/console errors during the journey/);
  problems.consoleErrors.length = 0;
});

test('an API refusal the page handles is not a console error; an expected error can be declared', async ({ page, problems }) => {
  problems.expectConsoleErrors(({ text }) => text === 'a provoked failure');
  await page.goto('/en/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/auth/validate-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-language-code': 'en' },
      body: JSON.stringify({ phone: '12' }),
    });
    return response.status;
  });
  expect(status).toBe(400);
  await page.evaluate(() => console.error('a provoked failure'));
  // The wrong number through the page itself: refused by the field, no console error.
  await page.getByRole('textbox', { name: /Phone number/ }).fill('+1 415 555 0100');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/Enter an Indonesian mobile number/)).toBeVisible();
  expect(problems.consoleErrors).toEqual([]);
});
