// Every route of product-spec §2, in Indonesian (`/…`) and English (`/en/…`): the page's
// heading in the right language, <html lang>, the canonical link, the remote that owns it
// loaded (no "unavailable" panel), and nothing going wrong in the page (page errors, console
// errors, CSP violations). Auth pages are checked as a guest (the shell's log-in prompt inside
// the remote's area) and with a session (the remote's own page). At a 1440 px desktop. Each
// route's page in Indonesian (signed in where it needs a session) is also checked with axe-core in
// the light and the dark theme, and for no horizontal overflow, on the load made here anyway: a
// second load in a spec of its own cost each route a sign-in, a page load and a browser context
// (a11y.spec and responsive.spec keep the phone, the English sample and the guest prompt).
import type { Page } from '@playwright/test';
import { SHELL_TEXT, LOGIN_PROMPT, MARKET_ROUTES, SPEC_ROUTES, type SpecRoute } from './support-routes';
import { checkBothThemes } from './support-a11y';
import { expectNoHorizontalOverflow } from './support-layout';
import {
  expect,
  expectNoProblems,
  expectRemoteFetched,
  LANGS,
  localized,
  pathnameOf,
  signIn,
  test,
  type Lang,
  type Watch,
} from './support-fixtures';

async function expectPage(
  page: Page,
  watch: Watch,
  baseURL: string,
  route: SpecRoute,
  lang: Lang,
  signedIn: boolean,
  pwa = false,
): Promise<void> {
  const checkLayout = lang === 'id' && !pwa;
  const url = localized(route.path, lang, pwa);
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers`).toBe(200);

  const prompt = route.auth && !signedIn;
  const heading = prompt ? LOGIN_PROMPT[lang] : route.heading[lang];
  const area = route.remote ? page.locator(`[data-remote="${route.remote}"]`) : page.getByRole('main');
  await expect(area.getByRole('heading', { level: 1, name: heading, exact: true }), `${url}: h1`).toBeVisible();
  // One h1 per page: the remote's page or the prompt, never both.
  await expect(page.locator('h1'), `${url}: a single h1`).toHaveCount(1);

  await expect(page.locator('html'), `${url}: <html lang>`).toHaveAttribute('lang', lang);
  const canonical = `${new URL(baseURL).origin}${lang === 'en' ? '/en' : ''}${pathnameOf(route.path)}`;
  await expect(page.locator('link[rel="canonical"]'), `${url}: canonical`).toHaveAttribute('href', canonical);
  // Mobile web hides the shell's header; its canonical is the desktop address all the same.
  if (!pwa) await expect(page.getByRole('navigation', { name: SHELL_TEXT.nav[lang] }), `${url}: shell in ${lang}`).toBeAttached();

  await expect(page.getByTestId('remote-unavailable'), `${url}: no unavailable panel`).toHaveCount(0);
  await expect(page.getByTestId('remote-loading'), `${url}: loaded`).toHaveCount(0);
  if (route.remote) {
    // The prompt is rendered by the shell only once the remote's module has loaded (its routes
    // decide which pages need a session), so it proves the remote loaded; the network says where from.
    await expectRemoteFetched(watch, route.remote, baseURL);
  }
  if (route.symbol) {
    await expect(page.getByTestId('selected-symbol'), `${url}: symbol`).toHaveText(route.symbol.ticker);
    await expect(page.getByTestId('selected-market'), `${url}: market`).toHaveText(route.symbol.market[lang]);
  }
  if (checkLayout) {
    await expectNoHorizontalOverflow(page, url);
    // Wide screens: the navigation sits in the header, no menu button.
    await expect(page.getByRole('button', { name: SHELL_TEXT.menu[lang], exact: true }), `${url}: no menu button`).toBeHidden();
    await expect(page.getByRole('navigation', { name: SHELL_TEXT.nav[lang] }).getByRole('link', { name: 'Portofolio' }), `${url}: header links`).toBeVisible();
  }
  expectNoProblems(watch, url);
  expect(watch.problems.failedResponses, `${url}: failed requests`).toEqual([]);
}

/** axe-core on the page as loaded, light then dark: no serious or critical violation. */
async function expectAccessible(page: Page, route: SpecRoute): Promise<void> {
  const found = await checkBothThemes(page, 'id', route.path);
  expect(found, `serious/critical axe violations:\n${found.join('\n')}`).toEqual([]);
}

// Read-only: its tests may share both workers.
test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', reducedMotion: 'reduce' });

test.describe('every §2 route, in Indonesian and English', () => {
  for (const route of SPEC_ROUTES) {
    test(`${route.path}${route.auth ? ' (guest)' : ''}`, async ({ page, watch, baseURL }) => {
      for (const lang of LANGS) {
        await expectPage(page, watch, baseURL!, route, lang, false);
        // A page that needs a session is checked with axe signed in (below); its prompt in a11y.spec.
        if (lang === 'id' && !route.auth) await expectAccessible(page, route);
      }
    });
  }
});

test.describe('pair URLs and asset pages of every market, in Indonesian, English and mobile web', () => {
  for (const route of MARKET_ROUTES) {
    test(route.path, async ({ page, watch, baseURL }) => {
      for (const lang of LANGS) {
        for (const pwa of [false, true]) await expectPage(page, watch, baseURL!, route, lang, false, pwa);
      }
    });
  }

  test('an unknown pair URL says so and offers the symbol search', async ({ page, watch }) => {
    for (const lang of LANGS) {
      const url = localized('/trade/NOPE-IDR', lang);
      expect((await page.goto(url))?.status(), `${url} answers`).toBe(200);
      const title = lang === 'id' ? 'Simbol NOPE-IDR tidak ditemukan' : 'Symbol NOPE-IDR was not found';
      await expect(page.getByRole('heading', { name: title }), `${url}: says so`).toBeVisible();
      await expect(page.getByRole('combobox', { name: lang === 'id' ? 'Cari simbol' : 'Search symbols' }), `${url}: search`).toBeVisible();
    }
    expectNoProblems(watch, 'unknown pair');
  });
});

test.describe('pages that need a session, signed in', () => {
  for (const route of SPEC_ROUTES.filter((r) => r.auth)) {
    test(`${route.path} (signed in)`, async ({ page, context, watch, baseURL }) => {
      await signIn(context, baseURL!);
      for (const lang of LANGS) {
        await expectPage(page, watch, baseURL!, route, lang, true);
        if (lang === 'id') await expectAccessible(page, route);
      }
    });
  }
});

test('the manifest, its icons and the favicon resolve', async ({ page, watch, request }) => {
  for (const url of ['/trade', '/en/portfolio', '/pwa/en/balance']) {
    await page.goto(url);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    const manifestLink = page.locator('link[rel="manifest"]');
    const iconLink = page.locator('link[rel="icon"]');
    await expect(manifestLink, `${url}: one manifest link`).toHaveCount(1);
    await expect(iconLink, `${url}: one icon link`).toHaveCount(1);

    // `href` as the browser resolves it (absolute).
    const manifestUrl = await manifestLink.evaluate((link: HTMLLinkElement) => link.href);
    const manifest = await request.get(manifestUrl);
    expect(manifest.status(), manifestUrl).toBe(200);
    const body = (await manifest.json()) as { icons?: { src: string }[]; start_url?: string };
    expect(body.icons?.length, 'the manifest lists icons').toBeGreaterThan(0);
    for (const icon of body.icons ?? []) {
      const iconResponse = await request.get(new URL(icon.src, manifestUrl).toString());
      expect(iconResponse.status(), `manifest icon ${icon.src}`).toBe(200);
    }
    const start = await request.get(new URL(body.start_url ?? '/', manifestUrl).toString(), { headers: { accept: 'text/html' } });
    expect(start.status(), `manifest start_url ${body.start_url}`).toBe(200);

    const iconUrl = await iconLink.evaluate((link: HTMLLinkElement) => link.href);
    const favicon = await request.get(iconUrl);
    expect(favicon.status(), iconUrl).toBe(200);
    expect(favicon.headers()['content-type'], iconUrl).toContain('image/svg+xml');
  }
  expectNoProblems(watch, 'manifest pages');
});
