import { en } from './en';
import { id } from './id';
import { taxEn } from './tax-en';
import { taxId } from './tax-id';

/** Every leaf key path of a nested translation object: `home.title`. */
const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const valuesOf = (messages: object): unknown[] =>
  Object.values(messages).flatMap((value) => (typeof value === 'object' && value !== null ? valuesOf(value) : [value]));

describe('reports translations', () => {
  it('have the same keys in Indonesian and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(id).sort());
    expect(keysOf(taxEn).sort()).toEqual(keysOf(taxId).sort());
  });

  it('have a non-empty string for every key', () => {
    for (const value of [...valuesOf(id), ...valuesOf(en), ...valuesOf(taxId), ...valuesOf(taxEn)]) {
      expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
    }
  });
});
