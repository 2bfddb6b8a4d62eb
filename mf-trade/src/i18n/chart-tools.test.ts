import { DRAWING_TOOLS, STUDY_TYPES } from '../chart/chart-state';
import { STUDY_PARAMS } from '../chart/studies';
import { chartToolsEn } from './chart-tools-en';
import { chartToolsId } from './chart-tools-id';
import { id } from './id';

const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
const valuesOf = (messages: object): unknown[] => Object.values(messages).flatMap((value) => (typeof value === 'object' && value !== null ? valuesOf(value) : [value]));

test('the chart tools’ strings have the same keys in both languages, none empty, none shared with the trade pages', () => {
  expect(keysOf(chartToolsEn).sort()).toEqual(keysOf(chartToolsId).sort());
  for (const value of [...valuesOf(chartToolsId), ...valuesOf(chartToolsEn)]) expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
  const trade = new Set(keysOf(id));
  expect(keysOf(chartToolsId).filter((key) => trade.has(key))).toEqual([]);
});

test('every study, parameter and drawing tool has a name', () => {
  for (const type of STUDY_TYPES) expect(chartToolsId.chartTools.type[type]).toBeTruthy();
  for (const spec of Object.values(STUDY_PARAMS).flat()) expect(chartToolsId.chartTools.param[spec.name as keyof typeof chartToolsId.chartTools.param]).toBeTruthy();
  for (const tool of DRAWING_TOOLS) expect(chartToolsId.chartTools.tool[tool]).toBeTruthy();
});
