import { ErrorEnvelope, HealthResponse, successEnvelope } from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { testDatabaseUrl } from '../../testing/database-fixture';
import type { HealthRepo } from './repo';
import { createHealthService } from './service';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the contract shape in the success envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = successEnvelope(HealthResponse).strict().parse(response.json());
    expect(body.data).toEqual({
      ok: true,
      status: 'ok',
      version: '0.1.0',
      instance: expect.any(String),
      database: testDatabaseUrl() ? 'postgres' : 'pglite',
      uptimeSeconds: expect.any(Number),
    });
  });

  // Last in this block: it closes the database under the running app.
  it('answers 503 degraded (012) when the database is gone', async () => {
    await t.testDatabase.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-language-code': 'en' } });
    expect(response.statusCode).toBe(503);
    expect(ErrorEnvelope.strict().parse(response.json())).toEqual({
      status: 'error',
      error_code: '012',
      error_message: 'The service is degraded and nothing was changed. Try again shortly',
      details: [{ path: 'database', message: 'degraded: the database does not answer' }],
    });
  });
});

describe('health service', () => {
  const repo = (overrides: Partial<HealthRepo>): HealthRepo => ({
    ping: async () => undefined,
    appliedMigrationCount: async () => 1,
    ...overrides,
  });
  const base = { databaseKind: 'pglite' as const, version: '1.2.3', expectedMigrations: 1, startedAt: 1_000, instance: 'node-a' };

  it('reports uptime in whole seconds', async () => {
    const service = createHealthService({ ...base, repo: repo({}), now: () => 62_999 });
    await expect(service.check()).resolves.toEqual({ ok: true, status: 'ok', version: '1.2.3', database: 'pglite', instance: 'node-a', uptimeSeconds: 61 });
  });

  it('reports degraded (012/503) when the database does not answer', async () => {
    const service = createHealthService({ ...base, repo: repo({ ping: async () => Promise.reject(new Error('ECONNREFUSED')) }) });
    const error = await service.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: '012', httpStatus: 503, details: [{ path: 'database', message: 'degraded: the database does not answer' }] });
  });

  it('reports degraded (012/503) when fewer migrations are applied than the server ships', async () => {
    const service = createHealthService({ ...base, expectedMigrations: 2, repo: repo({}) });
    await expect(service.check()).rejects.toMatchObject({ code: '012', httpStatus: 503, details: [{ path: 'database', message: 'degraded: 1 of 2 migrations applied' }] });
  });
});
