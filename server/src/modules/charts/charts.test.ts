// Saved charts on the real app: the multipart save, update and load round trip (content byte for
// byte), prefix stripping and the re-save on load, rename and delete, templates and settings, and
// another person's ids answering 404 on every route.
import {
  type ChartSettings,
  type DrawingTemplate,
  type SaveChartResponse,
  type SavedChart,
  type SavedChartContent,
  type StudyTemplate,
} from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { call, dataOf, errorCodeOf, SETUP_TIMEOUT_MS, TEST_ENV } from '../price-alerts/test-support';
import { createChartsRepo } from './repo';
import { contentFile, saveChart } from './test-support';

/** A chart's content as a chart library writes it: nested JSON text, odd spacing, non-ASCII text, escapes. */
const CONTENT = '{\n  "name" : "Pagi",\t"charts":[{"panes":[{"sources":[{"type":"MainSeries","state":{"symbol":"BTC-IDR","interval":"60"}},{"type":"Study","id":"rsi","inputs":{"length":14},"color":"#7E57C2"}]}]}],\n "note":"Rp 1.000 \\u00e9 — ✓ 日本", "content":"{\\"symbol\\":\\"BTC-IDR\\"}" }\n';

describe('saved charts', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: TEST_ENV });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signUpTestUser(t.app);
  });

  const list = async (u: TestUser = user) => dataOf<SavedChart[]>(await call(t.app, u, 'GET', '/api/charts'));
  const save = async (fields: Record<string, string>, content: string = CONTENT, u: TestUser = user) =>
    dataOf<SaveChartResponse>(await saveChart(t.app, u, fields, [contentFile(content)]))._id;

  it('saves a chart as multipart, lists it, loads it byte for byte, updates, renames and deletes it', async () => {
    const id = await save({ name: 'Pagi', resolution: '60', symbol: 'BTC-IDR' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await list()).toEqual([expect.objectContaining({ id, name: 'Pagi', resolution: '60', symbol: 'BTC-IDR', content: CONTENT })]);
    // A menu of names asks without the contents.
    const names = dataOf<SavedChart[]>(await call(t.app, user, 'GET', '/api/charts?content=false'));
    expect(names).toEqual([{ id, name: 'Pagi', resolution: '60', symbol: 'BTC-IDR', updatedAt: expect.any(String) }]);
    expect(errorCodeOf(await call(t.app, user, 'GET', '/api/charts?content=no'))).toBe('002');

    const loaded = dataOf<SavedChartContent>(await call(t.app, user, 'GET', `/api/charts/${id}`));
    expect(loaded).toEqual({ name: 'Pagi', symbol: 'BTC-IDR', resolution: '60', content: CONTENT });
    expect(Buffer.from(loaded.content, 'utf8').equals(Buffer.from(CONTENT, 'utf8'))).toBe(true);

    // An update through chartId keeps the id and replaces name, symbol, resolution and content.
    const updated = '{"charts":[],"symbol":"AAPL"}';
    expect(await save({ chartId: id, name: 'Sore', resolution: '1D', symbol: 'aapl' }, updated)).toBe(id);
    expect(await list()).toEqual([expect.objectContaining({ id, name: 'Sore', resolution: '1D', symbol: 'AAPL', content: updated })]);

    const renamed = dataOf<SavedChart>(await call(t.app, user, 'PATCH', `/api/charts/${id}`, { name: 'Malam' }));
    expect(renamed).toMatchObject({ id, name: 'Malam', symbol: 'AAPL' });
    expect(dataOf(await call(t.app, user, 'DELETE', `/api/charts/${id}`))).toEqual({ deleted: true });
    expect(await list()).toEqual([]);
    expect((await call(t.app, user, 'GET', `/api/charts/${id}`)).statusCode).toBe(404);
  });

  it('takes a symbol of every market, written as a ticker or a symbol-info id, and lists crypto as ticker-IDR', async () => {
    const perp = t.app.market.instruments().find((i) => i.assetType === 'PERPS')!;
    const idx = t.app.market.instruments().find((i) => i.assetType === 'IDSS')!;
    const aapl = t.app.market.instrument('AAPL')!;
    const saved = [
      await save({ name: 'a', resolution: '1D', symbol: 'CRYPTO:BTC' }),
      await save({ name: 'b', resolution: '240', symbol: `CRYPTO_FUTURES:${perp.symbol}` }),
      await save({ name: 'c', resolution: '10', symbol: `USSTOCK:${aapl.id}` }),
      await save({ name: 'd', resolution: '1w', symbol: idx.symbol.toLowerCase() }),
    ];
    const byId = new Map((await list()).map((c) => [c.id, [c.symbol, c.resolution]]));
    expect(saved.map((id) => byId.get(id))).toEqual([
      ['BTC-IDR', '1D'],
      [perp.symbol, '240'],
      ['AAPL', '10'],
      [idx.symbol, '1W'],
    ]);
  });

  it('strips crypto and US stock prefixes from the content on load and saves the stripped copy again, as used now', async () => {
    const prefixed = '{"symbol":"CRYPTO:BTC-IDR","compare":["USSTOCK:AAPL","IDSS:BBCA"],"inner":"{\\"symbol\\":\\"USSTOCK:TSLA\\"}","text":"not CRYPTO:ETH"}';
    const stripped = '{"symbol":"BTC-IDR","compare":["AAPL","IDSS:BBCA"],"inner":"{\\"symbol\\":\\"TSLA\\"}","text":"not CRYPTO:ETH"}';
    const older = await save({ name: 'lama', resolution: '60', symbol: 'BTC-IDR' }, prefixed);
    // The market clock moves on (no waiting): the next save is later.
    await t.app.market.clock.set(t.app.market.now() + 60_000);
    const newer = await save({ name: 'baru', resolution: '60', symbol: 'ETH-IDR' });
    expect((await list()).map((c) => c.id)).toEqual([newer, older]);
    const before = (await list()).find((c) => c.id === older)!;

    await t.app.market.clock.set(t.app.market.now() + 60_000);
    const loaded = dataOf<SavedChartContent>(await call(t.app, user, 'GET', `/api/charts/${older}`));
    expect(loaded.content).toBe(stripped);
    expect(JSON.parse(loaded.content)).toEqual(JSON.parse(stripped));
    // Re-saved: the stored copy is the stripped one, and the chart moved to the top of the list.
    const after = await list();
    expect(after.map((c) => c.id)).toEqual([older, newer]);
    expect(Date.parse(after[0]!.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const row = await createChartsRepo(t.testDatabase.database.db).chart(user.userId, older);
    expect(row).toMatchObject({ content: stripped, lastOpenedAt: new Date(Date.parse(after[0]!.updatedAt)) });
    await t.app.market.clock.clear();
  });

  it('keeps study and drawing templates per person: create, list, get, rename, delete', async () => {
    const rsi = { studies: [{ type: 'RSI', params: { length: 14 }, colors: { line: '#7E57C2' }, pane: 'own' }] };
    const study = dataOf<StudyTemplate>(await call(t.app, user, 'POST', '/api/charts/study-templates', { name: 'RSI saja', content: rsi }));
    expect(study).toMatchObject({ name: 'RSI saja', content: rsi });
    const style = { color: '#2962FF', width: 2, dash: 'solid' };
    const drawing = dataOf<DrawingTemplate>(await call(t.app, user, 'POST', '/api/charts/drawing-templates', { name: 'Biru', tool: 'trend-line', content: style }));
    expect(drawing).toMatchObject({ name: 'Biru', tool: 'trend-line', content: style });

    expect(dataOf<StudyTemplate[]>(await call(t.app, user, 'GET', '/api/charts/study-templates')).map((s) => s.id)).toEqual([study.id]);
    expect(dataOf<DrawingTemplate[]>(await call(t.app, user, 'GET', '/api/charts/drawing-templates')).map((s) => s.id)).toEqual([drawing.id]);
    // A study template is not a drawing template.
    expect((await call(t.app, user, 'GET', `/api/charts/drawing-templates/${study.id}`)).statusCode).toBe(404);
    expect(dataOf<StudyTemplate>(await call(t.app, user, 'GET', `/api/charts/study-templates/${study.id}`)).content).toEqual(rsi);
    expect(dataOf<DrawingTemplate>(await call(t.app, user, 'PATCH', `/api/charts/drawing-templates/${drawing.id}`, { name: 'Biru tebal' })).name).toBe('Biru tebal');
    expect(dataOf(await call(t.app, user, 'DELETE', `/api/charts/study-templates/${study.id}`))).toEqual({ deleted: true });
    expect(dataOf<StudyTemplate[]>(await call(t.app, user, 'GET', '/api/charts/study-templates'))).toEqual([]);
  });

  it('merges the user web chart settings: each kind sent replaces its own, the others are kept', async () => {
    const empty = { tvProperties: null, cryptoProperties: null, usStockProperties: null, idxProperties: null, perpProperties: null };
    expect(dataOf<ChartSettings>(await call(t.app, user, 'GET', '/api/charts/settings'))).toEqual(empty);
    const tv = { chartType: 'heikin-ashi', layout: { charts: 4 }, crosshair: { mode: 1 } };
    expect(dataOf<ChartSettings>(await call(t.app, user, 'POST', '/api/charts/settings', { tvProperties: tv }))).toEqual({ ...empty, tvProperties: tv });
    const crypto = { scale: 'log', upColor: '#26a69a' };
    const both = dataOf<ChartSettings>(await call(t.app, user, 'POST', '/api/charts/settings', { cryptoProperties: crypto, perpProperties: { scale: 'linear' } }));
    expect(both).toEqual({ ...empty, tvProperties: tv, cryptoProperties: crypto, perpProperties: { scale: 'linear' } });
    const tv2 = { chartType: 'line' };
    expect(dataOf<ChartSettings>(await call(t.app, user, 'POST', '/api/charts/settings', { tvProperties: tv2 }))).toEqual({ ...both, tvProperties: tv2 });
    expect(dataOf<ChartSettings>(await call(t.app, user, 'GET', '/api/charts/settings'))).toEqual({ ...both, tvProperties: tv2 });
  });
});
