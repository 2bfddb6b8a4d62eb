import { chartWorkspaceEn } from './chart-workspace-en';
import { chartWorkspaceId } from './chart-workspace-id';
import { chartWorkspaceTriggerTranslations } from './chart-workspace-trigger';
import { en } from './en';
import { id } from './id';

const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
const valuesOf = (messages: object): unknown[] => Object.values(messages).flatMap((value) => (typeof value === 'object' && value !== null ? valuesOf(value) : [value]));

describe('chart workspace translations', () => {
  it('have the same keys in Indonesian and English, each a non-empty string, apart from the page’s own keys', () => {
    const { id: triggerId, en: triggerEn } = chartWorkspaceTriggerTranslations;
    expect(keysOf(chartWorkspaceEn).sort()).toEqual(keysOf(chartWorkspaceId).sort());
    expect(keysOf(triggerEn).sort()).toEqual(keysOf(triggerId).sort());
    for (const value of [...valuesOf(chartWorkspaceId), ...valuesOf(chartWorkspaceEn), ...valuesOf(triggerId), ...valuesOf(triggerEn)]) {
      expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
    }
    const page = new Set([...keysOf(id), ...keysOf(en)]);
    expect([...keysOf(chartWorkspaceId), ...keysOf(triggerId)].filter((key) => page.has(key))).toEqual([]);
  });
});
