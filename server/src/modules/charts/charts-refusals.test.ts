// What the chart routes refuse, with nothing stored: content that is not a JSON object, too large,
// missing; an unknown symbol or resolution; overlong names and control characters; another
// person's chart, template or settings (404, nothing changed, nothing shown); a guest (401). Also
// the replay of a save on its x-request-id and every path in the OpenAPI document.
import { randomUUID } from 'node:crypto';
import { CHART_PATHS, type ChartSettings, type DrawingTemplate, type SavedChart, type StudyTemplate } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { call, dataOf, errorCodeOf, SETUP_TIMEOUT_MS, TEST_ENV, type Method } from '../price-alerts/test-support';
import { contentFile, saveChart } from './test-support';

/** A small limit, so a test reaches it. */
const MAX_BYTES = 2048;
const MAX_SAVED = 3;
const MAX_TEMPLATES = 2;
const FIELDS = { name: 'Grafik', resolution: '60', symbol: 'BTC-IDR' };
const CONTENT = '{"charts":[{"symbol":"BTC-IDR"}]}';

describe('saved chart refusals and isolation', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...TEST_ENV, CHART_CONTENT_MAX_BYTES: String(MAX_BYTES), CHART_MAX_SAVED: String(MAX_SAVED), CHART_MAX_TEMPLATES: String(MAX_TEMPLATES) } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUpTestUser(t.app);
  });

  const list = async (u: TestUser = user) => dataOf<SavedChart[]>(await call(t.app, u, 'GET', '/api/charts'));
  const refusal = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, code: response.statusCode === 200 ? 'none' : errorCodeOf(response) });

  it('refuses content that is not a JSON object, too large or missing, and an unknown symbol or resolution, storing nothing', async () => {
    const json = (text: string | Buffer) => [contentFile(text)];
    const cases: Array<[string, Record<string, string>, ReturnType<typeof json>, number, string]> = [
      ['not JSON', FIELDS, json('{"charts": [1, 2'), 400, '4401'],
      ['a JSON array', FIELDS, json('[{"charts":[]}]'), 400, '4401'],
      ['a JSON string', FIELDS, json('"{}"'), 400, '4401'],
      ['not UTF-8', FIELDS, json(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), 400, '4401'],
      ['a byte-order mark', FIELDS, json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CONTENT)])), 400, '4401'],
      ['one byte over the limit', FIELDS, json(`{"a":"${'x'.repeat(MAX_BYTES - 7)}"}`), 413, '4402'],
      ['far over the limit', FIELDS, json(`{"a":"${'x'.repeat(MAX_BYTES * 50)}"}`), 413, '4402'],
      ['no content part', FIELDS, [], 400, '4405'],
      ['content under another name', FIELDS, [{ ...contentFile(CONTENT), field: 'file' }], 400, '002'],
      ['two content parts', FIELDS, [contentFile(CONTENT), contentFile(CONTENT)], 400, '002'],
      ['an unknown symbol', { ...FIELDS, symbol: 'NOPE-IDR' }, json(CONTENT), 400, '4404'],
      ['a US ticker named as crypto', { ...FIELDS, symbol: 'CRYPTO:AAPL' }, json(CONTENT), 400, '4404'],
      ['an unknown category', { ...FIELDS, symbol: 'FOREX:EURUSD' }, json(CONTENT), 400, '4404'],
      ['an unknown resolution', { ...FIELDS, resolution: '7' }, json(CONTENT), 400, '4403'],
      ["another market's resolution (US 10 min on crypto)", { ...FIELDS, resolution: '10' }, json(CONTENT), 400, '4403'],
      ["another market's resolution (crypto 120 on AAPL)", { ...FIELDS, symbol: 'AAPL', resolution: '120' }, json(CONTENT), 400, '4403'],
      ['a name over 64 characters', { ...FIELDS, name: 'n'.repeat(65) }, json(CONTENT), 400, '002'],
      ['an empty name', { ...FIELDS, name: '   ' }, json(CONTENT), 400, '002'],
      ['an escape sequence in the name', { ...FIELDS, name: 'Grafik \x1b[2J' }, json(CONTENT), 400, '002'],
      ['a bidi override in the name', { ...FIELDS, name: 'Grafik \u202e' }, json(CONTENT), 400, '002'],
      ['no symbol', { name: 'Grafik', resolution: '60' }, json(CONTENT), 400, '002'],
      ['too many fields', { ...FIELDS, ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`extra${i}`, 'x'])) }, json(CONTENT), 400, '002'],
      ['a prototype field name', Object.defineProperty({ ...FIELDS }, '__proto__', { value: 'x', enumerable: true }), json(CONTENT), 400, '002'],
      ['a field over its size', { ...FIELDS, symbol: 'B'.repeat(5000) }, json(CONTENT), 400, '002'],
    ];
    const failures: string[] = [];
    for (const [what, fields, files, status, code] of cases) {
      const answer = await saveChart(t.app, user, fields, files);
      const got = refusal(answer);
      if (got.status !== status || got.code !== code) failures.push(`${what}: ${got.status} ${got.code}, expected ${status} ${code}`);
    }
    expect(failures).toEqual([]);
    expect(await list()).toEqual([]);

    // Exactly at the limit is accepted; the English message names the problem.
    const atLimit = `{"a":"${'x'.repeat(MAX_BYTES - 8)}"}`;
    expect(Buffer.byteLength(atLimit)).toBe(MAX_BYTES);
    dataOf(await saveChart(t.app, user, FIELDS, [contentFile(atLimit)]));
    const english = await t.app.inject({ method: 'POST', url: '/api/charts', headers: { ...user.headers, 'x-language-code': 'en', 'content-type': 'application/json' }, payload: {} });
    expect(refusal(english)).toEqual({ status: 415, code: '005' });
    const missing = await saveChart(t.app, user, FIELDS, []);
    expect((missing.json() as { error_message: string }).error_message).toBe('Isi grafik (file JSON "content") tidak dikirim');
  });

  it('refuses a bad update of an own chart and leaves it as it was', async () => {
    const id = dataOf<{ _id: string }>(await saveChart(t.app, user, FIELDS, [contentFile(CONTENT)]))._id;
    for (const [fields, files, code] of [
      [{ ...FIELDS, chartId: id, name: 'Baru' }, [contentFile('nope')], '4401'],
      [{ ...FIELDS, chartId: id, symbol: 'NOPE' }, [contentFile('{}')], '4404'],
      [{ ...FIELDS, chartId: id }, [], '4405'],
      [{ ...FIELDS, chartId: randomUUID() }, [contentFile('{}')], '4406'],
      [{ ...FIELDS, chartId: 'not-a-uuid' }, [contentFile('{}')], '4406'],
    ] as const) {
      expect(errorCodeOf(await saveChart(t.app, user, fields, files))).toBe(code);
    }
    expect(await list()).toEqual([expect.objectContaining({ id, name: 'Grafik', symbol: 'BTC-IDR', content: CONTENT })]);
  });

  it('refuses overlong or controlled template names, unknown tools and contents over the limit; settings too', async () => {
    const big = { a: 'x'.repeat(MAX_BYTES) };
    const cases: Array<[string, string, unknown, number, string]> = [
      ['study: long name', CHART_PATHS.studyTemplates, { name: 'n'.repeat(65), content: {} }, 400, '002'],
      ['study: control character', CHART_PATHS.studyTemplates, { name: 'RSI\x07', content: {} }, 400, '002'],
      ['study: content not an object', CHART_PATHS.studyTemplates, { name: 'RSI', content: [1] }, 400, '002'],
      ['study: content too large', CHART_PATHS.studyTemplates, { name: 'RSI', content: big }, 413, '4402'],
      ['drawing: long name', CHART_PATHS.drawingTemplates, { name: 'n'.repeat(65), tool: 'ray', content: {} }, 400, '002'],
      ['drawing: no tool', CHART_PATHS.drawingTemplates, { name: 'Garis', content: {} }, 400, '002'],
      ['drawing: odd tool', CHART_PATHS.drawingTemplates, { name: 'Garis', tool: '<script>', content: {} }, 400, '002'],
      ['drawing: content too large', CHART_PATHS.drawingTemplates, { name: 'Garis', tool: 'ray', content: big }, 413, '4402'],
      ['settings: nothing', CHART_PATHS.settings, {}, 400, '002'],
      ['settings: unknown kind', CHART_PATHS.settings, { goldProperties: {} }, 400, '002'],
      ['settings: not an object', CHART_PATHS.settings, { tvProperties: 'dark' }, 400, '002'],
      ['settings: too large', CHART_PATHS.settings, { tvProperties: { theme: 'dark' }, cryptoProperties: big }, 413, '4402'],
    ];
    const failures: string[] = [];
    for (const [what, url, body, status, code] of cases) {
      const got = refusal(await call(t.app, user, 'POST', url, body));
      if (got.status !== status || got.code !== code) failures.push(`${what}: ${got.status} ${got.code}, expected ${status} ${code}`);
    }
    expect(failures).toEqual([]);
    expect(dataOf<StudyTemplate[]>(await call(t.app, user, 'GET', CHART_PATHS.studyTemplates))).toEqual([]);
    expect(dataOf<DrawingTemplate[]>(await call(t.app, user, 'GET', CHART_PATHS.drawingTemplates))).toEqual([]);
    // Nothing of a refused settings call is kept, not even its other, valid kind.
    expect(dataOf<ChartSettings>(await call(t.app, user, 'GET', CHART_PATHS.settings)).tvProperties).toBeNull();
    // Renames are bounded the same way.
    const study = dataOf<StudyTemplate>(await call(t.app, user, 'POST', CHART_PATHS.studyTemplates, { name: 'RSI', content: {} }));
    expect(errorCodeOf(await call(t.app, user, 'PATCH', `${CHART_PATHS.studyTemplates}/${study.id}`, { name: 'n'.repeat(65) }))).toBe('002');
    const chart = dataOf<{ _id: string }>(await saveChart(t.app, user, FIELDS, [contentFile(CONTENT)]))._id;
    expect(errorCodeOf(await call(t.app, user, 'PATCH', `/api/charts/${chart}`, { name: 'a\u0085b' }))).toBe('002');
    expect((await list()).map((c) => c.name)).toEqual(['Grafik']);
  });

  it("answers 404 for another person's chart and templates on every route, changing and showing nothing; settings are each person's own", async () => {
    const chart = dataOf<{ _id: string }>(await saveChart(t.app, user, { ...FIELDS, name: 'Rahasia' }, [contentFile('{"secret":"CRYPTO:BTC-IDR"}')]))._id;
    const study = dataOf<StudyTemplate>(await call(t.app, user, 'POST', CHART_PATHS.studyTemplates, { name: 'Rahasia RSI', content: { rsi: 14 } }));
    const drawing = dataOf<DrawingTemplate>(await call(t.app, user, 'POST', CHART_PATHS.drawingTemplates, { name: 'Rahasia garis', tool: 'ray', content: { color: '#fff' } }));
    const tv = { chartType: 'area', layout: { charts: 2 } };
    dataOf(await call(t.app, user, 'POST', CHART_PATHS.settings, { tvProperties: tv, idxProperties: { scale: 'log' } }));

    const stranger = await signUpTestUser(t.app);
    const routes: Array<[Method, string, unknown, string]> = [
      ['GET', `/api/charts/${chart}`, undefined, '4406'],
      ['PATCH', `/api/charts/${chart}`, { name: 'Milikku' }, '4406'],
      ['DELETE', `/api/charts/${chart}`, undefined, '4406'],
      ['GET', `${CHART_PATHS.studyTemplates}/${study.id}`, undefined, '4407'],
      ['PATCH', `${CHART_PATHS.studyTemplates}/${study.id}`, { name: 'Milikku' }, '4407'],
      ['DELETE', `${CHART_PATHS.studyTemplates}/${study.id}`, undefined, '4407'],
      ['GET', `${CHART_PATHS.drawingTemplates}/${drawing.id}`, undefined, '4407'],
      ['PATCH', `${CHART_PATHS.drawingTemplates}/${drawing.id}`, { name: 'Milikku' }, '4407'],
      ['DELETE', `${CHART_PATHS.drawingTemplates}/${drawing.id}`, undefined, '4407'],
    ];
    for (const [method, url, body, code] of routes) {
      const answer = await call(t.app, stranger, method, url, body);
      expect({ method, url, status: answer.statusCode, code: errorCodeOf(answer) }).toEqual({ method, url, status: 404, code });
      expect(answer.body).not.toContain('Rahasia');
    }
    // The save route: updating someone else's chart is 404 too, whatever else the save holds.
    for (const content of ['{"mine":true}', 'not json']) {
      const answer = await saveChart(t.app, stranger, { ...FIELDS, chartId: chart, name: 'Milikku' }, [contentFile(content)]);
      expect({ status: answer.statusCode, code: errorCodeOf(answer) }).toEqual({ status: 404, code: '4406' });
    }
    // The stranger's own lists and settings are empty; their settings call leaves the owner's alone.
    expect(await list(stranger)).toEqual([]);
    expect(dataOf<StudyTemplate[]>(await call(t.app, stranger, 'GET', CHART_PATHS.studyTemplates))).toEqual([]);
    expect(dataOf<DrawingTemplate[]>(await call(t.app, stranger, 'GET', CHART_PATHS.drawingTemplates))).toEqual([]);
    const empty = { tvProperties: null, cryptoProperties: null, usStockProperties: null, idxProperties: null, perpProperties: null };
    expect(dataOf<ChartSettings>(await call(t.app, stranger, 'GET', CHART_PATHS.settings))).toEqual(empty);
    dataOf(await call(t.app, stranger, 'POST', CHART_PATHS.settings, { tvProperties: { chartType: 'line' } }));

    // The owner's things are as they were.
    expect(await list()).toEqual([expect.objectContaining({ id: chart, name: 'Rahasia', content: '{"secret":"BTC-IDR"}' })]);
    expect(dataOf<StudyTemplate>(await call(t.app, user, 'GET', `${CHART_PATHS.studyTemplates}/${study.id}`))).toMatchObject({ name: 'Rahasia RSI', content: { rsi: 14 } });
    expect(dataOf<DrawingTemplate>(await call(t.app, user, 'GET', `${CHART_PATHS.drawingTemplates}/${drawing.id}`))).toMatchObject({ name: 'Rahasia garis', tool: 'ray' });
    expect(dataOf<ChartSettings>(await call(t.app, user, 'GET', CHART_PATHS.settings))).toEqual({ ...empty, tvProperties: tv, idxProperties: { scale: 'log' } });
  });

  it('answers 401 to a guest on every chart route', async () => {
    const id = randomUUID();
    const routes: Array<[Method, string]> = [
      ['GET', '/api/charts'],
      ['POST', '/api/charts'],
      ['GET', `/api/charts/${id}`],
      ['PATCH', `/api/charts/${id}`],
      ['DELETE', `/api/charts/${id}`],
      ['GET', CHART_PATHS.settings],
      ['POST', CHART_PATHS.settings],
      ...(['studyTemplates', 'drawingTemplates'] as const).flatMap((kind): Array<[Method, string]> => [
        ['GET', CHART_PATHS[kind]],
        ['POST', CHART_PATHS[kind]],
        ['GET', `${CHART_PATHS[kind]}/${id}`],
        ['PATCH', `${CHART_PATHS[kind]}/${id}`],
        ['DELETE', `${CHART_PATHS[kind]}/${id}`],
      ]),
    ];
    // Valid bodies: the login is what is missing.
    const bodyOf = (method: Method, url: string): unknown => {
      if (method === 'GET' || method === 'DELETE') return undefined;
      if (url === CHART_PATHS.settings) return { tvProperties: {} };
      if (method === 'PATCH') return { name: 'x' };
      return { name: 'x', tool: 'ray', content: {} };
    };
    for (const [method, url] of routes) {
      const answer = await call(t.app, null, method, url, bodyOf(method, url));
      expect({ method, url, status: answer.statusCode }).toEqual({ method, url, status: 401 });
    }
    const multipartGuest = await saveChart(t.app, null, FIELDS, [contentFile(CONTENT)]);
    expect(multipartGuest.statusCode).toBe(401);
  });

  it('refuses a chart or a template past the per-person limits (4408), keeping what is there; an update still works', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_SAVED; i++) ids.push(dataOf<{ _id: string }>(await saveChart(t.app, user, { ...FIELDS, name: `G${i}` }, [contentFile(CONTENT)]))._id);
    const over = await saveChart(t.app, user, { ...FIELDS, name: 'Satu lagi' }, [contentFile(CONTENT)]);
    expect(refusal(over)).toEqual({ status: 400, code: '4408' });
    expect((await list()).map((c) => c.name).sort()).toEqual(['G0', 'G1', 'G2']);
    // Full, a chart can still be saved over, and after a delete a new one fits.
    expect(dataOf<{ _id: string }>(await saveChart(t.app, user, { ...FIELDS, chartId: ids[0]!, name: 'G0 baru' }, [contentFile('{}')]))._id).toBe(ids[0]);
    dataOf(await call(t.app, user, 'DELETE', `/api/charts/${ids[1]}`));
    dataOf(await saveChart(t.app, user, { ...FIELDS, name: 'Muat' }, [contentFile(CONTENT)]));

    for (const [base, body] of [
      [CHART_PATHS.studyTemplates, { name: 'S', content: {} }],
      [CHART_PATHS.drawingTemplates, { name: 'D', tool: 'ray', content: {} }],
    ] as const) {
      for (let i = 0; i < MAX_TEMPLATES; i++) dataOf(await call(t.app, user, 'POST', base, body));
      expect(refusal(await call(t.app, user, 'POST', base, body))).toEqual({ status: 400, code: '4408' });
      expect(dataOf<unknown[]>(await call(t.app, user, 'GET', base))).toHaveLength(MAX_TEMPLATES);
    }
    // Each person counts their own.
    const other = await signUpTestUser(t.app);
    dataOf(await saveChart(t.app, other, FIELDS, [contentFile(CONTENT)]));
  });

  it('lets no more than the limit through when saves race (meaningful on PostgreSQL, where they run at once)', async () => {
    const answers = await Promise.all(Array.from({ length: MAX_SAVED + 4 }, (_, i) => saveChart(t.app, user, { ...FIELDS, name: `R${i}` }, [contentFile(CONTENT)])));
    const outcomes = answers.map((a) => (a.statusCode === 200 ? 'saved' : errorCodeOf(a))).sort();
    expect(outcomes).toEqual([...Array<string>(4).fill('4408'), ...Array<string>(MAX_SAVED).fill('saved')]);
    expect(await list()).toHaveLength(MAX_SAVED);
  });

  it('replays a save sent again with the same x-request-id: one chart', async () => {
    const requestId = randomUUID();
    const first = await saveChart(t.app, user, FIELDS, [contentFile(CONTENT)], requestId);
    const again = await saveChart(t.app, user, FIELDS, [contentFile(CONTENT)], requestId);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(dataOf<{ _id: string }>(again)._id).toBe(dataOf<{ _id: string }>(first)._id);
    expect((await list()).length).toBe(1);
  });

  it('lists every chart path and method in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const expected = [
      `GET ${CHART_PATHS.charts}`,
      `POST ${CHART_PATHS.charts}`,
      `GET ${CHART_PATHS.charts}/{id}`,
      `PATCH ${CHART_PATHS.charts}/{id}`,
      `DELETE ${CHART_PATHS.charts}/{id}`,
      `GET ${CHART_PATHS.settings}`,
      `POST ${CHART_PATHS.settings}`,
      ...[CHART_PATHS.studyTemplates, CHART_PATHS.drawingTemplates].flatMap((base) => [`GET ${base}`, `POST ${base}`, `GET ${base}/{id}`, `PATCH ${base}/{id}`, `DELETE ${base}/{id}`]),
    ];
    expect(operations).toEqual(expect.arrayContaining(expected));
    expect(operations.filter((op) => op.includes('/api/charts'))).toHaveLength(expected.length);
    expect(doc.paths[CHART_PATHS.charts]!.post!.summary).toContain('multipart');
  });
});
