// axe-core in the light and the dark theme: no `serious` or `critical` violation. Every §2 route
// in Indonesian is checked by routes.spec, on the page load it makes anyway (signed in where the
// page needs a session); here: the guest's log-in prompt, English and a 360 px phone for a
// sample, the phone's open menu, and mobile web.
import type { Page } from '@playwright/test';
import { LOGIN_PROMPT, SHELL_TEXT, SPEC_ROUTES, type SpecRoute } from './support-routes';
import { blockingViolations, checkBothThemes } from './support-a11y';
import { expect, localized, signIn, test, type Lang } from './support-fixtures';

async function openPage(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByTestId('remote-loading')).toHaveCount(0);
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
}

const headingOf = (route: SpecRoute, lang: Lang) => route.heading[lang];

test.use({ colorScheme: 'light', reducedMotion: 'reduce' });
// Read-only: its tests may share both workers.
test.describe.configure({ mode: 'parallel' });

test('the log-in prompt a guest gets, light and dark', async ({ page }) => {
  await openPage(page, '/portfolio', LOGIN_PROMPT.id);
  const found = await checkBothThemes(page, 'id', '/portfolio (guest)');
  expect(found, `serious/critical axe violations:\n${found.join('\n')}`).toEqual([]);
});

const SAMPLE = ['/trade?ticker=BTCUSDT-PERP', '/account/language', '/balance/topup', '/asset/usstock/AAPL/1', '/login'];
const sampleRoutes = SPEC_ROUTES.filter((r) => SAMPLE.includes(r.path));

test.describe('a sample in English, light and dark', () => {
  for (const route of sampleRoutes) {
    test(`/en${route.path}`, async ({ page, context, baseURL }) => {
      if (route.auth) await signIn(context, baseURL!);
      await openPage(page, localized(route.path, 'en'), headingOf(route, 'en'));
      const found = await checkBothThemes(page, 'en', `/en${route.path}`);
      expect(found, `serious/critical axe violations:\n${found.join('\n')}`).toEqual([]);
    });
  }
});

test.describe('a 360 px phone, light and dark, with the menu open', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  const phoneCases = [
    [sampleRoutes[0]!, 'id'],
    [sampleRoutes[1]!, 'id'],
    [sampleRoutes[2]!, 'en'],
  ] as const;
  for (const [route, lang] of phoneCases) {
    test(localized(route.path, lang), async ({ page, context, baseURL }) => {
      if (route.auth) await signIn(context, baseURL!);
      await openPage(page, localized(route.path, lang), headingOf(route, lang));
      const found = await checkBothThemes(page, lang, localized(route.path, lang));
      const menu = page.getByRole('button', { name: SHELL_TEXT.menu[lang], exact: true });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('navigation', { name: SHELL_TEXT.nav[lang] }).getByRole('link').first()).toBeVisible();
      found.push(await blockingViolations(page, `${localized(route.path, lang)} (dark, menu open)`));
      const real = found.filter(Boolean);
      expect(real, `serious/critical axe violations:\n${real.join('\n')}`).toEqual([]);
    });
  }

  test('/pwa/trade (mobile web, dark)', async ({ page }) => {
    await openPage(page, '/pwa/trade', 'Trading');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const found = await blockingViolations(page, '/pwa/trade (dark)');
    expect(found, `serious/critical axe violations:\n${found}`).toBe('');
  });
});
