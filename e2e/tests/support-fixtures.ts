// The specs' `test`: the shared fixtures (`problems`: page errors, console errors, failed
// same-origin responses) plus what these journeys also watch on every page: CSP violations
// (`securitypolicyviolation`, reported to Node so none is lost across navigations) and every
// response, to tell which origin served a remote.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, isHandledRefusal, test as base, type PageProblems } from '../support/fixtures';

export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  document: string;
}

export interface SeenResponse {
  url: string;
  status: number;
  /** A page load: what it preloads may arrive before the remote's manifest. */
  document?: boolean;
}

export interface ConsoleError {
  text: string;
  /** Where it came from: the script, or the URL of a resource that failed to load. */
  url: string;
}

export interface Watch {
  problems: PageProblems;
  /** `console.error` messages with their source (the shared fixture keeps the text only). */
  consoleErrors: ConsoleError[];
  csp: CspViolation[];
  responses: SeenResponse[];
  /** The registries the page read, in order: inlined in a page it loaded, or `/remotes.json`. */
  registries: Promise<Registry>[];
}

export interface Registry {
  remotes: Record<string, { version: string; entry: string }>;
}

export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ page, problems, baseURL }, use) => {
      const watch: Watch = { problems, consoleErrors: [], csp: [], responses: [], registries: [] };
      page.on('console', (message) => {
        const entry = { text: message.text(), url: message.location().url };
        if (message.type() === 'error' && !isHandledRefusal(entry, baseURL)) watch.consoleErrors.push(entry);
      });
      await page.exposeFunction('__pasarReportCsp', (violation: CspViolation) => {
        watch.csp.push(violation);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __pasarReportCsp?: (v: unknown) => void }).__pasarReportCsp;
          report?.({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            source: `${event.sourceFile}:${event.lineNumber}`,
            document: event.documentURI,
          });
        });
      });
      page.on('response', (response) => {
        watch.responses.push({ url: response.url(), status: response.status(), document: response.request().resourceType() === 'document' });
        if (new URL(response.url()).pathname === '/remotes.json' && response.ok()) {
          const body = response.json() as Promise<Registry>;
          body.catch(() => undefined);
          watch.registries.push(body);
        } else if (response.request().resourceType() === 'document' && response.ok()) {
          // The server inlines the registry into the shell's page; the shell reads it from there.
          const inline = response.text().then((html) => {
            const block = /<script type="application\/json" id="pasar-registry">(.*?)<\/script>/s.exec(html);
            if (!block) throw new Error('no inlined registry');
            return JSON.parse(block[1]!) as Registry;
          });
          inline.catch(() => undefined);
          if (/^text\/html/.test(response.headers()['content-type'] ?? '')) watch.registries.push(inline);
        }
      });
      await use(watch);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page, PageProblems };

/**
 * Nothing went wrong in the page so far: no page error, console error or CSP violation. Soft, so
 * one test reports every problem of every page it visits, not just the first.
 */
export function expectNoProblems(watch: Watch, where: string): void {
  expect.soft(watch.problems.pageErrors, `page errors on ${where}`).toEqual([]);
  expect.soft(watch.consoleErrors, `console errors on ${where}`).toEqual([]);
  expect.soft(watch.csp, `CSP violations on ${where}`).toEqual([]);
  // Report each problem once, on the page where it first showed.
  watch.problems.pageErrors.length = 0;
  watch.problems.consoleErrors.length = 0;
  watch.consoleErrors.length = 0;
  watch.csp.length = 0;
}

export type Lang = 'id' | 'en';
export const LANGS: readonly Lang[] = ['id', 'en'];

/** A specification path under a language's prefix: `/trade` → `/en/trade`. */
export const localized = (path: string, lang: Lang, pwa = false): string =>
  `${pwa ? '/pwa' : ''}${lang === 'en' ? '/en' : ''}${path === '/' && (pwa || lang === 'en') ? '' : path}`;

/** The path part of a specification path (`/trade?ticker=AAPL` → `/trade`). */
export const pathnameOf = (path: string): string => path.split(/[?#]/)[0]!;

/** The form control (input, select) labelled exactly so; a section named by the same heading is not it. */
export const input = (page: Page, label: string) =>
  // A required field's label ends with its mark (*).
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`)).and(page.locator('input, select, textarea'));

/** A user signed up through the real API in a test. */
export interface TestUser {
  phone: string;
  pin: string;
  accessToken: string;
  /** Without the `web-` prefix, as the `deviceId` cookie holds it. */
  deviceId: string;
}

/** A fresh Indonesian mobile number per call: +62812 and 8 random digits. */
export function uniquePhone(): string {
  const digits = `${Date.now() % 100_000}${Math.floor(Math.random() * 1000)}`.padStart(8, '0').slice(-8);
  return `+62812${digits}`;
}

interface Envelope<T> {
  status: string;
  data: T;
  error_code?: string;
  error_message?: string;
}

async function apiCall<T>(context: BrowserContext, baseURL: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await context.request.fetch(new URL(path, baseURL).toString(), {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.status !== 'success') throw new Error(`${method} ${path}: ${response.status()} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

/** The newest code the development inbox holds for an address (sent after `since`, ms). */
export async function latestCode(context: BrowserContext, baseURL: string, to: string, since = 0): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const inbox = await apiCall<{ messages: Array<{ code?: string; createdAt: string }> }>(
      context,
      baseURL,
      'GET',
      `/api/dev/inbox?to=${encodeURIComponent(to)}`,
    );
    const fresh = inbox.messages
      .filter((m) => m.code && Date.parse(m.createdAt) >= since - 1000)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    if (fresh[0]?.code) return fresh[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the development inbox for ${to}`);
}

/**
 * A real session: signs a new user up through the API (phone, the code from the development
 * inbox, a PIN), then leaves what the browser keeps: the access token cookie the shell reads
 * back, the HttpOnly refresh cookie the server set, and the device id the session was made for.
 */
export async function signIn(context: BrowserContext, baseURL: string, options: { phone?: string; pin?: string; name?: string } = {}): Promise<TestUser> {
  const phone = options.phone ?? uniquePhone();
  const pin = options.pin ?? '135792';
  const deviceId = crypto.randomUUID();
  const headers = { 'x-device-id': `web-${deviceId}` };
  const since = Date.now();
  await apiCall(context, baseURL, 'POST', '/api/auth/signup/phone', { phone }, headers);
  const otp = await latestCode(context, baseURL, phone, since);
  const { signupToken } = await apiCall<{ signupToken: string }>(context, baseURL, 'POST', '/api/auth/signup/verify-otp', { phone, otp }, headers);
  const session = await apiCall<{ accessToken: string }>(
    context,
    baseURL,
    'POST',
    '/api/auth/register-pin',
    { signupToken, pin, ...(options.name ? { name: options.name } : {}) },
    headers,
  );
  await context.addCookies([
    { name: 'pasarToken', value: session.accessToken, url: baseURL },
    { name: 'deviceId', value: deviceId, url: baseURL },
  ]);
  return { phone, pin, accessToken: session.accessToken, deviceId };
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** The live registry as the page itself read it last (inlined in the page, or `/remotes.json`). */
export async function lastRegistry(watch: Watch): Promise<Registry> {
  const last = watch.registries.at(-1);
  expect(last, 'the shell fetched /remotes.json').toBeDefined();
  return last!;
}

/**
 * The remote's code came over the network from the version the registry pointed at: its entry
 * (the last time it was fetched) answered 200, and scripts of that version followed without a
 * failure.
 */
export async function expectRemoteFetched(watch: Watch, remote: string, baseURL: string): Promise<void> {
  const registry = await lastRegistry(watch);
  const live = registry.remotes[remote];
  expect(live, `${remote} is in the registry`).toBeDefined();
  const entry = new URL(live!.entry, baseURL).toString();
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
  let at = -1;
  watch.responses.forEach((r, i) => {
    if (r.url === entry) at = i;
  });
  expect(at, `${entry} was fetched`).toBeGreaterThanOrEqual(0);
  expect(watch.responses[at]!.status, `${entry} answered`).toBe(200);
  // From the page load that preceded it: the page preloads the remote's scripts with its manifest.
  // After a Retry (the entry fetched again, no new page), from that fetch.
  let from = at;
  while (from > 0 && !watch.responses[from]!.document && watch.responses[from - 1]!.url !== entry) from -= 1;
  if (from > 0 && watch.responses[from - 1]!.url === entry) from = at;
  const fromVersion = watch.responses.slice(from).filter((r) => r.url.startsWith(folder));
  expect(
    fromVersion.filter((r) => r.url.endsWith('.js')).length,
    `scripts of ${remote} were fetched from ${folder}`,
  ).toBeGreaterThan(0);
  expect(fromVersion.filter((r) => r.status >= 400), `failed requests under ${folder}`).toEqual([]);
}
