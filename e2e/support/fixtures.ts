// `test` and `expect` for the specs: Playwright's, plus a record of what went wrong in the page.
// Every journey ends with no console error: a handled outcome (a refusal of the API that the
// page shows or a prompt resolves) is not an error, anything else logged as one fails the test.
import { test as base, expect, type ConsoleMessage } from '@playwright/test';

export interface ConsoleErrorEntry {
  text: string;
  /** Where it came from: the script, or the URL of a resource that failed to load. */
  url: string;
}

export interface PageProblems {
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
  /** `console.error` messages, but those the journey declared expected. */
  consoleErrors: string[];
  /** Same-origin responses with status >= 400 (URL and status). */
  failedResponses: string[];
  /**
   * Console errors this journey provokes on purpose (a remote made unreachable): matching ones
   * are not recorded. Declare them before they happen.
   */
  expectConsoleErrors(match: (error: ConsoleErrorEntry) => boolean): void;
}

/**
 * The browser's own line for an API answer with a 4xx status ("Failed to load resource: the
 * server responded with a status of 400"): the answer is a refusal the page handles (below a
 * minimum, terms not accepted, a wrong code or PIN), not a failure.
 */
export function isHandledRefusal({ text, url }: ConsoleErrorEntry, baseURL: string | undefined): boolean {
  if (!/^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text)) return false;
  if (!baseURL || !url.startsWith(new URL(baseURL).origin)) return false;
  return new URL(url).pathname.startsWith('/api/');
}

export const test = base.extend<{ problems: PageProblems }>({
  problems: [
    async ({ page, baseURL }, use, testInfo) => {
      const expected: ((error: ConsoleErrorEntry) => boolean)[] = [];
      const problems: PageProblems = {
        pageErrors: [],
        consoleErrors: [],
        failedResponses: [],
        expectConsoleErrors: (match) => expected.push(match),
      };
      page.on('pageerror', (error) => problems.pageErrors.push(error.message));
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const entry = { text: message.text(), url: message.location().url };
        if (isHandledRefusal(entry, baseURL) || expected.some((match) => match(entry))) return;
        problems.consoleErrors.push(entry.text);
      });
      page.on('response', (response) => {
        if (response.status() >= 400 && baseURL && response.url().startsWith(baseURL)) {
          problems.failedResponses.push(`${response.status()} ${response.url()}`);
        }
      });
      await use(problems);
      // A journey that already failed says why; this check adds the console errors of one that passed.
      if (testInfo.status === 'passed') {
        expect(problems.consoleErrors, 'console errors during the journey').toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
