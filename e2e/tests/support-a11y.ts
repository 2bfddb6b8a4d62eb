// axe-core for the specs: the violations that block (serious, critical), printed readably.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SHELL_TEXT } from './support-routes';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
const BLOCKING = new Set(['serious', 'critical']);
/** The rules whose answer depends on colours: all that a switch of theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

export function describeViolations(results: AxeResults): string {
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 6)
        .map((n) => `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
        .join('\n');
      const more = v.nodes.length > 6 ? `\n      … and ${v.nodes.length - 6} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Runs axe on what the page shows now; returns a readable list of blocking violations ('' if none).
 * Legacy mode: one `axe.run` in the page. The default runs `axe.runPartial` in every frame and then
 * opens a blank page, injects axe a second time and merges there (`finishRun`), which doubled the
 * cost of each check on a busy machine; its only gain, checking cross-origin frames, does not
 * apply (the app has no frames). `rules` limits the run to those rules (a theme switch changes
 * colours only, so the second theme needs only the colour rules).
 */
export async function blockingViolations(
  page: Page,
  where: string,
  { include, rules }: { include?: string; rules?: readonly string[] } = {},
): Promise<string> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder = builder.include(include);
  if (rules) builder = builder.withRules([...rules]);
  const results = await builder.analyze();
  const text = describeViolations(results);
  return text ? `${where}\n${text}` : '';
}

/**
 * Checks the page as loaded (light), then its colours in the dark theme, switched with the
 * header's button (the theme stays dark for what the test opens next). Returns what blocks, per theme.
 */
export async function checkBothThemes(page: Page, lang: 'id' | 'en', where: string): Promise<string[]> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const found = [await blockingViolations(page, `${where} (light)`)];
  await page.getByRole('button', { name: SHELL_TEXT.toDark[lang] }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  found.push(await blockingViolations(page, `${where} (dark)`, { rules: COLOUR_RULES }));
  return found.filter(Boolean);
}
