// The 360 px check several journeys share: after a viewport change the page is re-laid out by
// React on a later frame (the header swaps its links for the menu button), so the check polls until
// the layout settles; an overflow that lasts still fails once the expect timeout runs out.
import { expect, type Page } from '@playwright/test';

/** Resizes to a phone's 360 × 780 and expects no horizontal overflow once the layout has settled. */
export async function expectNoOverflowAt360(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(async () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'the page is wider than the 360 px viewport',
    })
    .toBeLessThanOrEqual(0);
}
