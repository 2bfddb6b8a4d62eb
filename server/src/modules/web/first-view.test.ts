import fs from 'node:fs/promises';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { fillRoot, firstView, FIRST_VIEW_READY_WHEN, wantsFirstView, type FirstViewInput } from './first-view';

const INDEX_HTML = '<!doctype html><html lang="id"><head><title>Pasar</title></head><body><div id="root"></div><noscript>x</noscript></body></html>';
const html = { accept: 'text/html' };

const input = (over: Partial<FirstViewInput> = {}): FirstViewInput => ({
  language: 'id',
  theme: null,
  instrument: { name: 'Tether', quoteCurrency: 'IDR', pricePrecision: 0 },
  ticker: { price: '16413', changePercent24h: '-0.41', high24h: '16420', low24h: '16346', volume24h: '48080000' },
  ...over,
});

describe('the explore page first view', () => {
  it('writes the title, the line and the last price in the reader’s language', () => {
    const id = firstView(input()).root;
    expect(id).toContain('<h1>Jelajahi USDT-IDR</h1>');
    expect(id).toContain('<strong>Rp16.413</strong>');
    expect(id).toContain('data-sign="-1">-0,41%</span>');
    expect(id).toContain('<dd>48,08 jt</dd>');
    const en = firstView(input({ language: 'en' })).root;
    expect(en).toContain('<h1>Explore USDT-IDR</h1>');
    expect(en).toContain('<strong>Rp16,413</strong>');
    expect(en).toContain('href="/en/trade"');
  });

  it('tells the shell when the app can take over, and escapes what it writes', () => {
    const view = firstView(input({ instrument: { name: 'Te<ther "x"', quoteCurrency: 'IDR', pricePrecision: 0 } })).root;
    expect(view).toContain(`data-ready-when="${FIRST_VIEW_READY_WHEN.replace(/"/g, '&quot;')}"`);
    expect(view).toContain('Te&lt;ther &quot;x&quot;');
    expect(view).not.toContain('<ther');
  });

  it('paints in the chosen theme, or follows the device when none was chosen', () => {
    const follow = firstView(input()).head;
    expect(follow).toContain('@media (prefers-color-scheme:dark)');
    const dark = firstView(input({ theme: 'dark' })).head;
    expect(dark).not.toContain('prefers-color-scheme');
    expect(dark).toContain('color-scheme:dark');
    expect(dark).not.toContain('color-scheme:light');
  });

  it('is for the explore page only, in either language, and not with a theme in the query or on mobile-web routes', () => {
    expect(wantsFirstView('/trade/USDT-IDR', '')).toEqual({ language: 'id' });
    expect(wantsFirstView('/en/trade/USDT-IDR/', '?x=1')).toEqual({ language: 'en' });
    expect(wantsFirstView('/trade/BTC-IDR', '')).toBeNull();
    expect(wantsFirstView('/trade/USDT-IDR', '?theme=dark')).toBeNull();
    expect(wantsFirstView('/pwa/trade/USDT-IDR', '')).toBeNull();
  });

  it('goes inside the root element, and nowhere when the page has none', () => {
    expect(fillRoot(INDEX_HTML, '<p>x</p>')).toContain('<div id="root"><p>x</p></div>');
    expect(fillRoot('<body></body>', '<p>x</p>')).toBe('<body></body>');
  });
});

describe('serving the explore page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await fs.writeFile(path.join(t.dirs.shell, 'index.html'), INDEX_HTML);
  });
  afterAll(() => t.close());

  it('carries the market’s last price in the HTML', async () => {
    t.app.market.steer('USDT-IDR', { price: '16500' });
    const response = await t.app.inject({ method: 'GET', url: '/trade/USDT-IDR', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<div id="root"><div class="fv" data-first-view/);
    expect(response.body).toContain('<strong>Rp16.500</strong>');
    expect(response.body).toMatch(/<style data-first-view>.*<\/style><\/head>/);
  });

  it('in English, with the page’s language and the theme the cookie holds', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/en/trade/USDT-IDR', headers: { ...html, cookie: 'theme=dark' } });
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<h1>Explore USDT-IDR</h1>');
    expect(response.body).not.toContain('prefers-color-scheme');
  });

  it('leaves other pages as the shell built them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/trade/BTC-IDR', headers: html });
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('data-first-view');
  });
});
