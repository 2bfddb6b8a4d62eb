import { UUID_PATTERN, createUuid } from './uuid-generator';

describe('createUuid', () => {
  it('gives distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, createUuid));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_PATTERN);
  });

  it('builds a version-4 UUID from random bytes where randomUUID is missing', () => {
    const original = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(globalThis.crypto.randomUUID).toBeUndefined();
      const a = createUuid();
      expect(a).toMatch(UUID_PATTERN);
      expect(createUuid()).not.toBe(a);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
