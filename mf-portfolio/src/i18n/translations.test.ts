import { chartsEn, chartsId } from './charts-i18n';
import { en } from './en';
import { id } from './id';

/** Every leaf key path of a nested translation object: `home.title`. */
const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const valuesOf = (messages: object): unknown[] =>
  Object.values(messages).flatMap((value) => (typeof value === 'object' && value !== null ? valuesOf(value) : [value]));

describe('portfolio translations', () => {
  it('have the same keys in Indonesian and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(id).sort());
  });

  it('of the chart cards have the same keys in both languages', () => {
    expect(keysOf(chartsEn).sort()).toEqual(keysOf(chartsId).sort());
  });

  it('have a non-empty string for every key', () => {
    for (const value of [...valuesOf(id), ...valuesOf(en), ...valuesOf(chartsId), ...valuesOf(chartsEn)]) {
      expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
    }
  });
});
