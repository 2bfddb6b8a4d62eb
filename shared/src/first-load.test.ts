// `@pasar/shared` is what every page loads first, as one federation singleton whose every export
// ships: it must not load zod (decision 0006). The zod schemas live in `@pasar/shared/contract`.
jest.mock('zod', () => {
  throw new Error('zod was loaded by the browser-facing index of @pasar/shared');
});
// The error catalogue's messages load with the first error answer, not with the page.
jest.mock('./contract/errors', () => {
  throw new Error('the error catalogue was loaded by the browser-facing index of @pasar/shared');
});

describe('the browser-facing index', () => {
  it('loads without zod and without the error catalogue', () => {
    expect(() => jest.requireActual('./index')).not.toThrow();
  });

  it('exports no zod schema, only plain values and guards for the contract', () => {
    const index = jest.requireActual('./index') as Record<string, unknown>;
    expect(index.LANGUAGES).toEqual(['id', 'en']);
    expect(typeof index.isLanguage).toBe('function');
    expect(typeof index.parseRemoteRegistry).toBe('function');
    expect(typeof index.promptFor).toBe('function');
    expect([index.ERROR_CATALOGUE, index.errorMessage, index.isErrorCode]).toEqual([undefined, undefined, undefined]);
    for (const name of ['Language', 'ThemeName', 'RemoteRegistry', 'ErrorEnvelope', 'SymbolInfoResponse', 'DecimalString']) {
      expect([name, index[name]]).toEqual([name, undefined]);
    }
  });
});
