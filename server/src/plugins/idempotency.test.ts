import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_PATHS, ErrorEnvelope, successEnvelope, UserMe } from '@pasar/shared/contract';
import type { PasarApp } from '../app';
import { AppError } from '../http/app-error';
import { apiResponses, ok } from '../http/envelope';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { freshPin, logInTestUser, signUpTestUser, type TestUser } from '../testing/auth-fixture';
import { canonicalJson, REPLAYED_HEADER } from './idempotency';

/** What the test routes did, shared by every app instance of this file. */
const calls = { count: 0, fail: 0, pin: 0, refuse: 0, gate: 0, terms: 0 };
let termsAccepted = false;
let failNext = false;
let gate: { entered: Promise<void>; enter: () => void; release: () => void; released: Promise<void> };
function newGate() {
  let enter = () => {};
  let release = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  gate = { entered, enter, release, released };
}

const Echo = z.object({ call: z.number().int(), note: z.string().optional(), stamp: z.string() });
const Body = z.object({ note: z.string().optional(), extra: z.record(z.string(), z.unknown()).optional() }).optional();

// Test-only routes, declared the way modules declare theirs.
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { preHandler: [app.requireUser] };
  const schema = { body: Body, response: apiResponses({ 200: Echo }, [409]) };
  app.post('/count', { ...user, schema }, async (request) => {
    calls.count += 1;
    return ok({ call: calls.count, note: request.body?.note, stamp: `${Date.now()}-${Math.random()}` });
  });
  app.put('/count', { ...user, schema }, async () => {
    calls.count += 1;
    return ok({ call: calls.count, stamp: 'put' });
  });
  app.get('/count', { ...user, schema: { response: apiResponses({ 200: Echo }) } }, async () => {
    calls.count += 1;
    return ok({ call: calls.count, stamp: 'get' });
  });
  app.post('/fail', { ...user, schema }, async () => {
    calls.fail += 1;
    if (failNext) {
      failNext = false;
      throw new Error('the database went away');
    }
    return ok({ call: calls.fail, stamp: 'fail' });
  });
  app.post('/pin', { preHandler: [app.requireUser, app.requireFreshPin], schema }, async () => {
    calls.pin += 1;
    return ok({ call: calls.pin, stamp: 'pin' });
  });
  app.post('/terms', { ...user, schema }, async () => {
    calls.terms += 1;
    if (!termsAccepted) throw new AppError('018');
    return ok({ call: calls.terms, stamp: 'terms' });
  });
  app.post('/refuse', { ...user, schema }, async () => {
    calls.refuse += 1;
    throw new AppError('1115');
  });
  app.post('/gate', { ...user, schema }, async () => {
    calls.gate += 1;
    gate.enter();
    await gate.released;
    return ok({ call: calls.gate, stamp: `${Math.random()}` });
  });
  // Without a user: not covered (sign-up, webhooks, admin).
  app.post('/anonymous', { schema }, async () => {
    calls.count += 1;
    return ok({ call: calls.count, stamp: 'anonymous' });
  });
};
const setup = (app: PasarApp) => void app.register(testRoutes, { prefix: '/api/test' });

describe('idempotency of mutating calls', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    // A retry waits long here so that a slow machine cannot turn "wait for the first" into a 043;
    // the 043 test uses a sibling app with a short wait.
    t = await createTestApp({ setup, env: { IDEMPOTENCY_WAIT_MS: '15000' } });
    user = await signUpTestUser(t.app);
    other = await signUpTestUser(t.app);
  });
  afterAll(() => t.close());

  let seq = 0;
  const newKey = () => `idem-${Date.now()}-${(seq += 1)}`;
  const send = (
    method: 'POST' | 'PUT' | 'GET' | 'PATCH',
    url: string,
    key: string | undefined,
    payload?: object,
    u: TestUser = user,
    app: PasarApp = t.app,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...u.headers, ...(key !== undefined ? { 'x-request-id': key } : {}), 'x-language-code': 'en' },
      remoteAddress: u.ip,
      ...(payload ? { payload } : {}),
    });
  const post = (url: string, key: string | undefined, payload: object = { note: 'a' }, u: TestUser = user) => send('POST', url, key, payload, u);
  const echo = (response: { json(): unknown }) => successEnvelope(Echo).parse(response.json()).data;
  const errorOf = (response: { json(): unknown }) => ErrorEnvelope.parse(response.json());
  const rowCount = async () => {
    const result = await t.app.database.db.execute(sql`select count(*)::int as n from idempotency_keys`);
    return (result.rows[0] as { n: number }).n;
  };

  it('replays the first response of a retry without running the handler again', async () => {
    const key = newKey();
    const before = calls.count;
    const first = await post('/api/test/count', key);
    const again = await post('/api/test/count', key);
    const third = await post('/api/test/count', key);
    expect(first.statusCode).toBe(200);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(calls.count).toBe(before + 1);
    for (const replay of [again, third]) {
      expect(replay.statusCode).toBe(200);
      expect(replay.headers[REPLAYED_HEADER]).toBe('true');
      expect(replay.headers['content-type']).toBe(first.headers['content-type']);
      expect(replay.body).toBe(first.body);
    }
    expect(echo(again).call).toBe(before + 1);
  });

  it('treats bodies that differ only in key order as the same request', async () => {
    const key = newKey();
    const before = calls.count;
    const first = await post('/api/test/count', key, { note: 'x', extra: { b: 1, a: [1, { d: 2, c: 3 }] } });
    const again = await post('/api/test/count', key, { extra: { a: [1, { c: 3, d: 2 }], b: 1 }, note: 'x' });
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.body).toBe(first.body);
    expect(calls.count).toBe(before + 1);
    expect(canonicalJson({ b: 1, a: { y: [2, 1], x: null } })).toBe('{"a":{"x":null,"y":[2,1]},"b":1}');
  });

  it('refuses the same key for a different body, method or path with 409 / 042, running nothing', async () => {
    const key = newKey();
    await post('/api/test/count', key, { note: 'first' });
    const before = calls.count;
    const differentBody = await post('/api/test/count', key, { note: 'second' });
    const differentMethod = await send('PUT', '/api/test/count', key, { note: 'first' });
    const differentPath = await post('/api/test/fail', key, { note: 'first' });
    for (const response of [differentBody, differentMethod, differentPath]) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ error_code: '042', error_message: 'This request id was already used for a different request' });
    }
    expect(calls.count).toBe(before);
    // The first request's answer is still the one replayed.
    const replay = await post('/api/test/count', key, { note: 'first' });
    expect(echo(replay).note).toBe('first');
    expect(calls.count).toBe(before);
  });

  it('runs two concurrent identical requests once and gives both the same answer', async () => {
    newGate();
    const key = newKey();
    const first = post('/api/test/gate', key);
    await gate.entered;
    const second = post('/api/test/gate', key);
    // The second is now waiting on the first's row; let the first finish.
    setTimeout(() => gate.release(), 300);
    const [a, b] = await Promise.all([first, second]);
    expect(calls.gate).toBe(1);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers[REPLAYED_HEADER]).toBe('true');
  });

  it('runs a burst of ten identical concurrent requests once', async () => {
    newGate();
    const key = newKey();
    const before = calls.gate;
    const burst = Array.from({ length: 10 }, () => post('/api/test/gate', key));
    await gate.entered;
    setTimeout(() => gate.release(), 300);
    const responses = await Promise.all(burst);
    expect(calls.gate).toBe(before + 1);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(responses.filter((r) => r.headers[REPLAYED_HEADER] === 'true')).toHaveLength(9);
  });

  it('answers 409 / 043 when the first request is still running after the wait, then replays it', async () => {
    newGate();
    const key = newKey();
    const before = calls.gate;
    const shortWait = await t.sibling({ IDEMPOTENCY_WAIT_MS: '300' }, setup);
    const first = post('/api/test/gate', key);
    await gate.entered;
    const waiting = await send('POST', '/api/test/gate', key, { note: 'a' }, user, shortWait);
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting).error_code).toBe('043');
    // A different request with that key is refused at once, not after the wait.
    const startedAt = Date.now();
    const different = await send('POST', '/api/test/gate', key, { note: 'other' }, user, shortWait);
    expect(errorOf(different).error_code).toBe('042');
    const differentTook = Date.now() - startedAt;
    gate.release();
    const done = await first;
    const replay = await post('/api/test/gate', key);
    expect(replay.body).toBe(done.body);
    expect(calls.gate).toBe(before + 1);
    console.log(`043 after waiting 300 ms; a 042 during the wait took ${differentTook} ms`);
  });

  it('stores the uncompressed answer: a replay is compressed (or not) for the retry that asks', async () => {
    const key = newKey();
    const note = 'panjang '.repeat(400);
    const headers = (encoding: string) => ({ ...user.headers, 'x-request-id': key, 'accept-encoding': encoding });
    const first = await t.app.inject({ method: 'POST', url: '/api/test/count', headers: headers('gzip'), payload: { note } });
    expect(first.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(first.rawPayload).toString('utf8');
    expect(JSON.parse(text)).toMatchObject({ status: 'success', data: { note } });
    const plain = await t.app.inject({ method: 'POST', url: '/api/test/count', headers: headers('identity'), payload: { note } });
    expect(plain.headers[REPLAYED_HEADER]).toBe('true');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
    const zipped = await t.app.inject({ method: 'POST', url: '/api/test/count', headers: headers('gzip'), payload: { note } });
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(text);
  });

  it('keeps keys per user: two users may use the same request id', async () => {
    const key = newKey();
    const before = calls.count;
    const mine = await post('/api/test/count', key, { note: 'same' }, user);
    const theirs = await post('/api/test/count', key, { note: 'same' }, other);
    expect(calls.count).toBe(before + 2);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(echo(theirs).call).toBe(echo(mine).call + 1);
  });

  it('does not store a 5xx: the retry runs again', async () => {
    const key = newKey();
    const before = calls.fail;
    failNext = true;
    const failed = await post('/api/test/fail', key);
    expect(failed.statusCode).toBe(500);
    const retried = await post('/api/test/fail', key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(calls.fail).toBe(before + 2);
    // The success is stored.
    const replay = await post('/api/test/fail', key);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(calls.fail).toBe(before + 2);
  });

  it('does not store the PIN prompt (040): the resend after the prompt runs', async () => {
    const key = newKey();
    const u = await signUpTestUser(t.app);
    // A new session has not verified the PIN yet.
    const refused = await post('/api/test/pin', key, { note: 'a' }, u);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error_code).toBe('040');
    await freshPin(t.app, u);
    const before = calls.pin;
    const resent = await post('/api/test/pin', key, { note: 'a' }, u);
    expect(resent.statusCode).toBe(200);
    expect(resent.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(calls.pin).toBe(before + 1);
  });

  it('does not store "terms not approved" (018): the resend after the accept prompt runs', async () => {
    const key = newKey();
    termsAccepted = false;
    const refused = await post('/api/test/terms', key, { note: 'a' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error_code).toBe('018');
    termsAccepted = true;
    const before = calls.terms;
    const resent = await post('/api/test/terms', key, { note: 'a' });
    expect(resent.statusCode).toBe(200);
    expect(resent.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(calls.terms).toBe(before + 1);
  });

  it('replays a call that passed the PIN check even from a session whose PIN is not fresh', async () => {
    const key = newKey();
    const u = await signUpTestUser(t.app);
    await freshPin(t.app, u);
    const first = await post('/api/test/pin', key, { note: 'a' }, u);
    expect(first.statusCode).toBe(200);
    const before = calls.pin;
    // Same user, another device session that never verified the PIN: the key is the user's.
    const elsewhere = await logInTestUser(t.app, u);
    const replay = await post('/api/test/pin', key, { note: 'a' }, elsewhere);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(calls.pin).toBe(before);
  });

  it('stores other refusals (4xx): a retry gets the same refusal without running again', async () => {
    const key = newKey();
    const before = calls.refuse;
    const refused = await post('/api/test/refuse', key);
    const again = await post('/api/test/refuse', key);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error_code).toBe('1115');
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(refused.body);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(calls.refuse).toBe(before + 1);
  });

  it('does nothing without a sane x-request-id, for GETs, or without a signed-in user', async () => {
    const before = calls.count;
    await post('/api/test/count', undefined);
    await post('/api/test/count', undefined);
    await post('/api/test/count', 'not a sane id');
    await post('/api/test/count', 'not a sane id');
    const key = newKey();
    await send('GET', '/api/test/count', key);
    await send('GET', '/api/test/count', key);
    const anonymous = () =>
      t.app.inject({ method: 'POST', url: '/api/test/anonymous', headers: { 'x-request-id': key }, payload: { note: 'a' } });
    expect((await anonymous()).statusCode).toBe(200);
    expect((await anonymous()).headers[REPLAYED_HEADER]).toBeUndefined();
    expect(calls.count).toBe(before + 8);
    const stored = await t.app.database.db.execute(sql`select count(*)::int as n from idempotency_keys where request_id = ${key}`);
    expect((stored.rows[0] as { n: number }).n).toBe(0);
  });

  it('covers a real route: PATCH /api/user/me replays, and a different body changes nothing', async () => {
    const me = async () =>
      successEnvelope(UserMe).parse((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: user.headers })).json()).data;
    const key = newKey();
    const first = await send('PATCH', ACCOUNT_PATHS.me, key, { name: 'Siti Aminah' });
    expect(first.statusCode).toBe(200);
    const conflict = await send('PATCH', ACCOUNT_PATHS.me, key, { name: 'Someone Else' });
    expect(conflict.statusCode).toBe(409);
    expect(errorOf(conflict).error_code).toBe('042');
    expect((await me()).name).toBe('Siti Aminah');
    // Changed since by another call: the retry of the first replays its answer, it does not rename again.
    expect((await send('PATCH', ACCOUNT_PATHS.me, newKey(), { name: 'Dewi Lestari' })).statusCode).toBe(200);
    const replay = await send('PATCH', ACCOUNT_PATHS.me, key, { name: 'Siti Aminah' });
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await me()).name).toBe('Dewi Lestari');
  });

  it('replays across app instances on one database (the row is the lock)', async () => {
    const sibling = await t.sibling({}, setup);
    const key = newKey();
    const before = calls.count;
    const first = await send('POST', '/api/test/count', key, { note: 'a' }, user, t.app);
    const onSibling = await send('POST', '/api/test/count', key, { note: 'a' }, user, sibling);
    expect(onSibling.headers[REPLAYED_HEADER]).toBe('true');
    expect(onSibling.body).toBe(first.body);
    expect(calls.count).toBe(before + 1);

    newGate();
    const gated = newKey();
    const running = send('POST', '/api/test/gate', gated, { note: 'a' }, user, t.app);
    await gate.entered;
    const waiting = send('POST', '/api/test/gate', gated, { note: 'a' }, user, sibling);
    setTimeout(() => gate.release(), 300);
    const [a, b] = await Promise.all([running, waiting]);
    expect(b.body).toBe(a.body);
    expect(b.headers[REPLAYED_HEADER]).toBe('true');
  });

  it('treats an IN_PROGRESS row left by a crash as absent once it is stale', async () => {
    const key = newKey();
    await post('/api/test/count', key);
    // What a server killed mid-request leaves behind.
    await t.app.database.db.execute(
      sql`update idempotency_keys set state = 'IN_PROGRESS', status_code = null, body = null, claimed_at = now() - interval '2 minutes'
          where request_id = ${key}`,
    );
    const before = calls.count;
    const retried = await post('/api/test/count', key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(calls.count).toBe(before + 1);
    expect((await post('/api/test/count', key)).headers[REPLAYED_HEADER]).toBe('true');
  });

  it('keeps answers for the TTL; the sweep removes older ones, and the key is then new again', async () => {
    const old = newKey();
    const recent = newKey();
    await post('/api/test/count', old);
    await post('/api/test/count', recent);
    await t.app.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where request_id = ${old}`);
    await t.app.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '23 hours' where request_id = ${recent}`);
    const rowsBefore = await rowCount();
    expect(await t.app.idempotency.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowCount()).toBe(rowsBefore - 1);

    const before = calls.count;
    expect((await post('/api/test/count', recent)).headers[REPLAYED_HEADER]).toBe('true');
    expect(calls.count).toBe(before);
    const reused = await post('/api/test/count', old, { note: 'a new request' });
    expect(reused.statusCode).toBe(200);
    expect(echo(reused).note).toBe('a new request');
    expect(calls.count).toBe(before + 1);
  });

  it('treats a row past the TTL that the sweep has not reached yet as absent', async () => {
    const key = newKey();
    await post('/api/test/count', key, { note: 'yesterday' });
    await t.app.database.db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where request_id = ${key}`);
    const reused = await post('/api/test/count', key, { note: 'today' });
    expect(reused.statusCode).toBe(200);
    expect(echo(reused).note).toBe('today');
  });
});
