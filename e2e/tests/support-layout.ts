// Overflow checks the specs share. The 360 px one: after a viewport change the page is re-laid out
// by React on a later frame (the header swaps its links for the menu button), so the check polls
// until the layout settles; an overflow that lasts still fails once the expect timeout runs out.
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

/** The page is no wider than the viewport; on failure, names what sticks out. */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  // The viewport asked for, not window.innerWidth: a mobile browser widens its layout viewport to
  // fit content that sticks out, which would hide the overflow this looks for.
  const asked = page.viewportSize()!.width;
  const { scrollWidth, innerWidth, culprits } = await page.evaluate((viewportWidth) => {
    const width = Math.min(window.innerWidth, viewportWidth);
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: wide };
  }, asked);
  expect(scrollWidth, `${where}: scrollWidth ${scrollWidth} > innerWidth ${innerWidth}; wider than the viewport: ${culprits.join('; ')}`).toBeLessThanOrEqual(innerWidth);
}
