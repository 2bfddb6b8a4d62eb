import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { PRODUCTION_TEST_ENV } from '../../testing/auth-fixture';

describe('OpenAPI and security headers of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3.1 document generated from the routes’ zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Pasar API', version: '0.1.0' });

    const health = doc.paths['/api/health'].get;
    const ok = health.responses['200'].content['application/json'].schema;
    expect(ok.properties.status).toEqual({ type: 'string', enum: ['success'] });
    expect(ok.properties.data.required).toEqual(['ok', 'status', 'version', 'database', 'instance', 'uptimeSeconds']);
    expect(ok.properties.data.properties.database.enum).toEqual(['pglite', 'postgres']);
    for (const status of ['400', '500', '503']) {
      const error = health.responses[status].content['application/json'].schema;
      expect(error.required).toEqual(['status', 'error_code', 'error_message']);
    }
    expect(doc.paths['/remotes.json'].get.responses['200'].content['application/json'].schema.required).toEqual([
      'remotes',
      'updatedAt',
    ]);
  });

  it('leaves the front end’s catch-all and static files out of the document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/remotes.json', '/api/auth/login/phone', '/api/symbol-info']));
    // Only the API and the registry: no catch-all, no static folders, no HTML pages.
    expect(paths.filter((p) => !p.startsWith('/api/') && p !== '/remotes.json')).toEqual([]);
    expect(paths.filter((p) => p.includes('*') || p.startsWith('/api/docs'))).toEqual([]);
  });

  it('serves the browsable docs at /api/docs under the site-wide CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    // No inline script: everything the page runs comes from 'self'.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval');

    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json().paths['/api/health']).toBeDefined();
  });

  it('sends HSTS in production only', async () => {
    const production = await t.sibling({ ...PRODUCTION_TEST_ENV, PASAR_MODE: 'production' });
    const response = await production.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const development = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });
});
