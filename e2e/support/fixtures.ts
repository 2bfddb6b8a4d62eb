// `test` and `expect` for the specs: Playwright's, plus a record of what went wrong in the page.
import { test as base, expect, type ConsoleMessage } from '@playwright/test';

export interface PageProblems {
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
  /** `console.error` messages. */
  consoleErrors: string[];
  /** Same-origin responses with status >= 400 (URL and status). */
  failedResponses: string[];
}

export const test = base.extend<{ problems: PageProblems }>({
  problems: async ({ page, baseURL }, use) => {
    const problems: PageProblems = { pageErrors: [], consoleErrors: [], failedResponses: [] };
    page.on('pageerror', (error) => problems.pageErrors.push(error.message));
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') problems.consoleErrors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && baseURL && response.url().startsWith(baseURL)) {
        problems.failedResponses.push(`${response.status()} ${response.url()}`);
      }
    });
    await use(problems);
  },
});

export { expect };
