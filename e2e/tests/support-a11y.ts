// axe-core for the specs: the violations that block (serious, critical), printed readably.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
const BLOCKING = new Set(['serious', 'critical']);

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
 * apply (the app has no frames).
 */
export async function blockingViolations(page: Page, where: string, include?: string): Promise<string> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (include ? builder.include(include) : builder).analyze();
  const text = describeViolations(results);
  return text ? `${where}\n${text}` : '';
}
