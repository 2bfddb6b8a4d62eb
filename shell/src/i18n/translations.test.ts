import { authEn } from './auth-en';
import { authId } from './auth-id';
import { en } from './en';
import { id } from './id';

const idAll = { ...id, ...authId };
const enAll = { ...en, ...authEn };

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'string'
    ? [prefix]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));

describe('shell translations', () => {
  it('have the same keys in Indonesian and English', () => {
    expect(keysOf(enAll).sort()).toEqual(keysOf(idAll).sort());
    // The screens' strings and the first screen's never share a key: one would hide the other.
    expect(Object.keys(authId).filter((key) => key in id)).toEqual([]);
  });

  it('have no empty string in either language', () => {
    const empty = (strings: object) =>
      keysOf(strings).filter((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings) === '');
    expect(empty(idAll)).toEqual([]);
    expect(empty(enAll)).toEqual([]);
  });
});
