// `@pasar/shared` is what every page loads first, as one federation singleton whose every export
// ships: it must not load zod (decision 0006). The zod schemas live in `@pasar/shared/contract`.
jest.mock('zod', () => {
  throw new Error('zod was loaded by the browser-facing index of @pasar/shared');
});

describe('the browser-facing index', () => {
  it('loads without zod', () => {
    expect(() => jest.requireActual('./index')).not.toThrow();
  });

  it('exports no zod schema, only plain values and guards for the contract', () => {
    const index = jest.requireActual('./index') as Record<string, unknown>;
    expect(index.LANGUAGES).toEqual(['id', 'en']);
    expect(typeof index.isLanguage).toBe('function');
    expect(typeof index.parseRemoteRegistry).toBe('function');
    for (const name of ['Language', 'ThemeName', 'RemoteRegistry', 'ErrorEnvelope', 'SymbolInfoResponse', 'DecimalString']) {
      expect([name, index[name]]).toEqual([name, undefined]);
    }
  });
});
