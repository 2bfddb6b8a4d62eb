// Hostile and careless input, class by class, against every route of the app's route table: no
// input reaches a 5xx, and every /api answer is the envelope with a catalogue code.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelope, KycSubmissionFields, SavedChartFields, isErrorCode } from '@pasar/shared/contract';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { signUpTestUser, type TestUser } from '../testing/auth-fixture';
import { canonicalJson } from '../plugins/idempotency';
import { MAX_INPUT_DEPTH } from './input-guard';

interface Route {
  readonly method: string;
  readonly url: string;
  readonly schema: RouteOptions['schema'];
  readonly websocket: boolean;
  readonly multipart: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route's URL with every parameter filled in (`:id` → value, `*` → value). */
const concrete = (route: Route, value = 'x1') => route.url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
const hasParams = (route: Route) => /:[A-Za-z0-9_]+|\*$/.test(route.url);

describe('hostile input on every route', () => {
  let t: TestApp;
  let user: TestUser;
  const routes: Route[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      setup: (app) =>
        void app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean; wsHandler?: unknown }) => {
          if (!route.url.startsWith('/api/')) return;
          const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
          for (const method of [route.method].flat()) {
            if (method === 'HEAD') continue;
            routes.push({
              method,
              url: route.url,
              schema: route.schema,
              websocket: route.websocket === true || route.wsHandler !== undefined,
              multipart: consumes.some((type) => type.startsWith('multipart/')),
            });
          }
        }),
    });
    user = await signUpTestUser(t.app);
  });
  afterAll(() => t.close());

  let requestCount = 0;
  const signedIn = () => ({ ...user.headers, 'x-request-id': `hostile-${++requestCount}`, 'x-language-code': 'en' });

  /** The answer's envelope; fails with the route named when the answer is not one. */
  function envelopeOf(what: string, status: number, body: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new Error(`${what}: ${status} answered outside the envelope: ${JSON.stringify(body.slice(0, 200))}`);
    }
    const envelope = ErrorEnvelope.strict().safeParse(parsed);
    if (!envelope.success) throw new Error(`${what}: ${status} answered outside the envelope: ${body.slice(0, 200)}`);
    if (!isErrorCode(envelope.data.error_code)) throw new Error(`${what}: ${envelope.data.error_code} is not a catalogue code`);
    return envelope.data;
  }

  /**
   * The answer must be 400 / 002, or a refusal before the body is read at all: the payment
   * gateway's webhook checks its signature first (401) and takes only small bodies (413).
   */
  function expectRefused(failures: string[], what: string, status: number, body: string): void {
    const allowed = what.includes('/topup-webhook') ? [400, 401, 413] : [400];
    if (!allowed.includes(status)) {
      failures.push(`${what}: ${status} ${body.slice(0, 120)}`);
      return;
    }
    const code = envelopeOf(what, status, body).error_code;
    if (status === 400 && code !== '002') failures.push(`${what}: 400 with ${code}`);
  }

  it('finds the routes in the route table', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.multipart).length).toBeGreaterThan(0);
    expect(routes.filter((r) => r.websocket).length).toBeGreaterThan(0);
  });

  it('refuses deeply nested bodies with 400 / 002 on every route, and the idempotency fingerprint never recurses', async () => {
    let deep = '1';
    for (let level = 0; level < 5000; level++) deep = level % 2 ? `{"a":${deep}}` : `[${deep}]`;
    let justTooDeep = '1';
    for (let level = 0; level <= MAX_INPUT_DEPTH; level++) justTooDeep = `{"a":${justTooDeep}}`;
    const failures: string[] = [];
    for (const route of routes.filter((r) => BODY_METHODS.has(r.method))) {
      for (const payload of [deep, justTooDeep]) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route),
          headers: { ...signedIn(), 'content-type': 'application/json' },
          payload,
        });
        expectRefused(failures, `${route.method} ${route.url}`, response.statusCode, response.body);
      }
    }
    expect(failures).toEqual([]);

    // Whatever reaches it, the fingerprint walks its own stack.
    let value: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) value = level % 2 ? { b: 1, a: value } : [value];
    const text = canonicalJson(value);
    expect(text.slice(0, 12)).toBe('{"a":[{"a":[');
    expect(text.length).toBeGreaterThan(500_000);
    expect(canonicalJson({ b: [1, { d: undefined, c: new Date(0) }], a: null })).toBe('{"a":null,"b":[1,{"c":"1970-01-01T00:00:00.000Z"}]}');
  });

  it('answers broken multipart bodies on the upload routes with 400 or 415 and the envelope', async () => {
    const part = '--x\r\nContent-Disposition: form-data; name="ktpPhoto"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    const broken: Array<[string, string, Buffer]> = [
      ['no boundary', 'multipart/form-data', Buffer.from(`${part}\x89PNG\r\n--x--\r\n`, 'latin1')],
      ['empty boundary', 'multipart/form-data; boundary=', Buffer.from('--\r\n\r\n----', 'latin1')],
      ['overlong boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, Buffer.from('garbage')],
      ['truncated part', 'multipart/form-data; boundary=x', Buffer.from(`${part}\x89PNG\r\n\x1a\n`, 'latin1')],
      ['garbage', 'multipart/form-data; boundary=x', Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d])],
      ['malformed part header', 'multipart/form-data; boundary=x', Buffer.from('--x\r\nno colon here\r\n\r\nvalue\r\n--x--\r\n')],
      ['not multipart', 'multipart/mixed; boundary=x', Buffer.from('--x\r\n\r\n--x--\r\n')],
      ['empty', 'multipart/form-data; boundary=x', Buffer.alloc(0)],
    ];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.multipart)) {
      for (const [name, contentType, payload] of broken) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route),
          headers: { ...signedIn(), 'content-type': contentType },
          payload,
        });
        const what = `${route.method} ${route.url} (${name})`;
        if (response.statusCode !== 400 && response.statusCode !== 415) failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        else {
          const code = envelopeOf(what, response.statusCode, response.body).error_code;
          const expected = response.statusCode === 415 ? '005' : '002';
          if (code !== expected) failures.push(`${what}: ${response.statusCode} with ${code}, not ${expected}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses NUL characters in JSON strings, keys, query parameters and path parameters with 400 / 002 on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const what = `${route.method} ${route.url}`;
      const url = concrete(route);
      const query = await t.app.inject({ method: route.method as 'GET', url: `${url}?q=a%00b&symbol=%00`, headers: signedIn() });
      expectRefused(failures, `${what} (query)`, query.statusCode, query.body);
      if (hasParams(route)) {
        const param = await t.app.inject({ method: route.method as 'GET', url: concrete(route, 'a%00'), headers: signedIn() });
        expectRefused(failures, `${what} (path)`, param.statusCode, param.body);
      }
      if (!BODY_METHODS.has(route.method) || route.multipart) continue;
      for (const payload of ['{"name":"a\\u0000b","amount":"1","note":"x"}', '{"a\\u0000":1}', '[{"list":["ok","\\u0000"]}]']) {
        const body = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...signedIn(), 'content-type': 'application/json' },
          payload,
        });
        expectRefused(failures, `${what} (body ${payload})`, body.statusCode, body.body);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses control characters in every free-text field of every request body', () => {
    // A free-text field accepts ordinary words; each must then refuse ESC, other C0 and C1
    // controls and bidirectional overrides (tab and line breaks may be allowed in multi-line ones).
    const ordinary = 'Jalan Merdeka 10';
    const hostile = ['Jalan \x1b[2J Merdeka 10', 'Jalan Merdeka\x0710', 'Jalan \x9b31m Merdeka', 'Jalan \u202e01 akedreM', 'Jalan\x00Merdeka 10', 'Jalan Merdeka\x7f10'];
    const failures: string[] = [];
    const checkText = (where: string, schema: z.ZodType): void => {
      if (!schema.safeParse(ordinary).success) return; // a format (digits, codes, tokens), not free text
      for (const text of hostile) {
        if (schema.safeParse(text).success) failures.push(`${where} accepts ${JSON.stringify(text)}`);
      }
    };
    const visit = (where: string, schema: z.ZodType): void => {
      const def = (schema as unknown as { def: { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] } }).def;
      switch (def.type) {
        case 'object':
          for (const [key, field] of Object.entries(def.shape ?? {})) visit(`${where}.${key}`, field);
          return;
        case 'optional':
        case 'nullable':
        case 'default':
        case 'prefault':
        case 'catch':
        case 'readonly':
          return visit(where, def.innerType!);
        case 'array':
          return visit(`${where}[]`, def.element!);
        case 'pipe':
          // Normalised input (trimmed, reformatted): the whole pipe is the field.
          return checkText(where, schema);
        case 'union':
          for (const option of def.options ?? []) visit(where, option);
          return;
        case 'string':
          return checkText(where, schema);
        default:
          return;
      }
    };
    const seen = new Set<unknown>();
    for (const route of routes) {
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      if (!(body instanceof z.ZodType) || seen.has(body)) continue;
      seen.add(body);
      visit(`${route.method} ${route.url}`, body);
    }
    // The multipart routes declare their text fields beside the route.
    visit('POST /api/kyc (form fields)', KycSubmissionFields);
    visit('POST /api/charts (form fields)', SavedChartFields);
    expect(seen.size).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('answers the framework’s own refusals with the envelope on every route, over a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    // A raw request: fetch would refuse to send some of these (bad encodings, Upgrade-less probes are fine).
    const send = (method: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { connection: 'close', ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end();
      });

    const failures: string[] = [];
    const clientErrors = Array.from({ length: 100 }, (_, i) => 400 + i);
    // Refusals with a code of their own; any other client error is invalid input (002).
    const codeOfStatus: Record<number, string> = { 404: '003', 408: '011', 413: '004', 414: '006', 415: '005', 431: '010' };
    const check = async (what: string, method: string, path: string, expected: number[]) => {
      const response = await send(method, path);
      if (!expected.includes(response.status)) failures.push(`${what}: ${response.status} (expected ${expected.join('/')}) ${response.body.slice(0, 120)}`);
      else {
        try {
          const code = envelopeOf(what, response.status, response.body).error_code;
          const wanted = codeOfStatus[response.status] ?? '002';
          if (code !== wanted) failures.push(`${what}: ${response.status} with ${code}, not ${wanted}`);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    };
    const hugeQuery = `?q=${'a'.repeat(20_000)}`;
    for (const route of routes) {
      const what = `${route.method} ${route.url}`;
      await check(`${what} (query over the header limit)`, route.method, `${concrete(route)}${hugeQuery}`, [431]);
      await check(`${what} (bad percent-encoding)`, route.method, `${concrete(route)}%E0%A4%A`, clientErrors);
      // 414 where the router refuses it; a route beside a catch-all answers 404 instead.
      if (hasParams(route)) await check(`${what} (overlong parameter)`, route.method, concrete(route, 'p'.repeat(2000)), clientErrors);
      if (route.websocket) await check(`${what} (no Upgrade)`, route.method, concrete(route), [404]);
    }
    expect(failures).toEqual([]);
  });
});
