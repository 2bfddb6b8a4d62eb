import { en } from './en';
import { id } from './id';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));

describe('shell translations', () => {
  it('have the same keys in Indonesian and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(id).sort());
  });

  it('have no empty string in either language', () => {
    const empty = (strings: object) =>
      keysOf(strings).filter((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings) === '');
    expect(empty(id)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});
