import { SignJWT } from 'jose';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDENTITY_PATHS, REFRESH_COOKIE_NAME, deviceLogoutPath, deviceUnblockPath } from '@pasar/shared/contract';
import { ok } from '../../http/envelope';
import { freshPin, latestOtp, logInTestUser, refreshCookieOf, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { Writable } from 'node:stream';
import { buildApp } from '../../app';
import { topics } from '../../pubsub/topics';
import { createTestApp, TEST_PLUGIN_TIMEOUT_MS, type TestApp } from '../../testing/app-fixture';
import { authOf } from '../../plugins/auth';

// A route behind requireUser + requireFreshPin, the way other modules declare theirs.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/test/whoami', { preHandler: app.requireUser, schema: { response: { 200: z.any() } } }, async (request) =>
    ok({ userId: authOf(request).userId, sessionId: authOf(request).sessionId }),
  );
  app.post('/api/test/sensitive', { preHandler: [app.requireUser, app.requireFreshPin], schema: { response: { 200: z.any() } } }, async () =>
    ok({ done: true }),
  );
};

/** Fake only Date: the database drivers keep their real timers. */
const REAL_TIMERS: Array<'nextTick' | 'setImmediate' | 'setTimeout' | 'setInterval' | 'clearTimeout' | 'clearInterval' | 'clearImmediate' | 'queueMicrotask' | 'hrtime' | 'performance'> = [
  'nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance',
];

describe('tokens and device sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ setup: (app) => void app.register(probeRoutes) });
  });
  afterAll(() => t.close());

  const whoami = (user: Pick<TestUser, 'headers'> | { headers: Record<string, string> }) =>
    t.app.inject({ method: 'GET', url: '/api/test/whoami', headers: user.headers });
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: IDENTITY_PATHS.refresh, cookies: { [REFRESH_COOKIE_NAME]: token } });
  const code = (response: { body: string }) => (JSON.parse(response.body) as { error_code?: string }).error_code;

  describe('access tokens', () => {
    it('accepts the issued token and answers 401/009 without one', async () => {
      const user = await signUpTestUser(t.app);
      const mine = await whoami(user);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.userId).toBe(user.userId);
      const none = await t.app.inject({ method: 'GET', url: '/api/test/whoami' });
      expect(none.statusCode).toBe(401);
      expect(code(none)).toBe('009');
    });

    it('refuses tokens with another algorithm, audience, key or an expiry in the past', async () => {
      const user = await signUpTestUser(t.app);
      const { sessionId } = (await whoami(user)).json().data;
      const [header, payload] = user.accessToken.split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      const sign = (key: string, claims: { aud?: string; exp?: number; alg?: string }) =>
        new SignJWT({ sid: sessionId })
          .setProtectedHeader({ alg: claims.alg ?? 'HS256' })
          .setIssuer('pasar')
          .setAudience(claims.aud ?? 'pasar-web')
          .setSubject(user.userId)
          .setIssuedAt()
          .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600)
          .sign(new TextEncoder().encode(key));
      const fs = await import('node:fs/promises');
      const secret = (await fs.readFile(`${t.config.dataDir}/jwt-secret`, 'utf8')).trim();
      // The right key still works (the test really can forge tokens), so the refusals below are real.
      expect((await whoami({ headers: { authorization: `Bearer ${await sign(secret, {})}` } })).statusCode).toBe(200);
      const bad = [
        unsigned,
        `${header}.${payload}.${'A'.repeat(43)}`,
        await sign('another-secret-another-secret-another-secret', {}),
        await sign(secret, { aud: 'someone-else' }),
        await sign(secret, { exp: Math.floor(Date.now() / 1000) - 5 }),
        await sign(secret, { alg: 'HS512' }),
      ];
      for (const token of bad) {
        const response = await whoami({ headers: { authorization: `Bearer ${token}` } });
        expect({ token, status: response.statusCode, code: code(response) }).toEqual({ token, status: 401, code: '009' });
      }
    });

    it('keeps the development JWT secret in <dataDir>/jwt-secret, so a restart keeps sessions', async () => {
      const user = await signUpTestUser(t.app);
      const restarted = await t.sibling({});
      const response = await restarted.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: user.headers });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('refresh tokens', () => {
    it('rotates on every use and the new cookie works', async () => {
      const user = await signUpTestUser(t.app);
      const first = await refresh(user.refreshCookie);
      expect(first.statusCode).toBe(200);
      const rotated = refreshCookieOf(first);
      expect(rotated).toBeDefined();
      expect(rotated).not.toBe(user.refreshCookie);
      const cookie = first.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
      expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
      const access = first.json().data.accessToken as string;
      expect((await whoami({ headers: { authorization: `Bearer ${access}` } })).statusCode).toBe(200);
      expect((await refresh(rotated as string)).statusCode).toBe(200);
    });

    it('a used token presented again revokes the whole family and ends the session', async () => {
      const user = await signUpTestUser(t.app);
      const first = await refresh(user.refreshCookie);
      const rotated = refreshCookieOf(first) as string;
      const newAccess = first.json().data.accessToken as string;

      const reuse = await refresh(user.refreshCookie);
      expect(reuse.statusCode).toBe(401);
      expect(code(reuse)).toBe('009');
      // The family is gone: the token that replaced it no longer works either…
      expect((await refresh(rotated)).statusCode).toBe(401);
      // …and the device session ended, so its access tokens stop working at once.
      expect((await whoami({ headers: { authorization: `Bearer ${newAccess}` } })).statusCode).toBe(401);
      expect((await whoami(user)).statusCode).toBe(401);
    });

    it('refuses a missing or unknown cookie and clears it', async () => {
      const none = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.refresh });
      expect(none.statusCode).toBe(401);
      const unknown = await refresh('not-a-real-token');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe('');
    });

    it('does not refresh other device sessions when one is reused', async () => {
      const user = await signUpTestUser(t.app);
      const other = await logInTestUser(t.app, user);
      await refresh(user.refreshCookie);
      await refresh(user.refreshCookie);
      expect((await whoami(other)).statusCode).toBe(200);
      expect((await refresh(other.refreshCookie)).statusCode).toBe(200);
    });
  });

  describe('logout and device sessions', () => {
    it('POST /api/logout ends the current session and clears the cookie', async () => {
      const user = await signUpTestUser(t.app);
      const response = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers: user.headers });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)).toMatchObject({ value: '', path: '/api/auth' });
      expect((await whoami(user)).statusCode).toBe(401);
      expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
      // Logging out without a token, or with an ended one, still answers success: the client clears its state.
      expect((await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers: user.headers })).statusCode).toBe(200);
    });

    it('a session ended through one instance is refused by another once the change is announced (its session cache forgets it)', async () => {
      const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
      const other = buildApp(t.config, { database: t.testDatabase.database, pubsub: t.app.pubsub, logStream: quiet, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
      other.register(probeRoutes);
      await other.ready();
      try {
        const user = await signUpTestUser(t.app);
        const whoamiThere = () => other.inject({ method: 'GET', url: '/api/test/whoami', headers: user.headers });
        // The other instance has read the session, and keeps it.
        expect((await whoamiThere()).statusCode).toBe(200);
        const announced = new Promise<void>((resolve) => {
          void t.app.pubsub.subscribe(topics.sessionChanged(), () => resolve());
        });
        expect((await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.logout, headers: user.headers })).statusCode).toBe(200);
        await announced;
        expect((await whoamiThere()).statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });

    it('logout-device makes that device’s next request 401 while the caller stays in', async () => {
      const phone = await signUpTestUser(t.app, { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
      const laptop = await logInTestUser(t.app, phone);
      const list = await t.app.inject({ method: 'GET', url: `${IDENTITY_PATHS.devices}?status=ACTIVE`, headers: laptop.headers });
      const items = list.json().data.items as Array<{ id: string; current: boolean; deviceType: string; os: string }>;
      expect(items).toHaveLength(2);
      const phoneSession = items.find((i) => !i.current);
      expect(phoneSession).toMatchObject({ deviceType: 'mobile', os: 'iOS' });

      const ended = await t.app.inject({ method: 'POST', url: deviceLogoutPath(phoneSession!.id), headers: laptop.headers, payload: {} });
      expect(ended.statusCode).toBe(200);
      expect((await whoami(phone)).statusCode).toBe(401);
      expect((await refresh(phone.refreshCookie)).statusCode).toBe(401);
      expect((await whoami(laptop)).statusCode).toBe(200);

      const inactive = await t.app.inject({ method: 'GET', url: `${IDENTITY_PATHS.devices}?status=INACTIVE`, headers: laptop.headers });
      expect(inactive.json().data.items.map((i: { id: string }) => i.id)).toEqual([phoneSession!.id]);
    });

    it('a blocked device cannot log in until it is unblocked', async () => {
      const user = await signUpTestUser(t.app);
      const other = await logInTestUser(t.app, user);
      const { sessionId } = (await whoami(user)).json().data;
      const blocked = await t.app.inject({ method: 'POST', url: deviceLogoutPath(sessionId), headers: other.headers, payload: { block: true } });
      expect(blocked.statusCode).toBe(200);
      const list = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: other.headers });
      expect(list.json().data.items.find((i: { id: string }) => i.id === sessionId)).toMatchObject({ blocked: true, status: 'INACTIVE' });

      const again = await t.app.inject({
        method: 'POST',
        url: IDENTITY_PATHS.loginPhone,
        payload: { phone: user.phone },
        headers: { 'x-device-id': user.deviceId, 'x-language-code': 'en' },
      });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ error_code: '2003', error_message: expect.stringContaining('blocked') });

      expect((await t.app.inject({ method: 'POST', url: deviceUnblockPath(sessionId), headers: other.headers })).statusCode).toBe(200);
      const back = await logInTestUser(t.app, user, { deviceId: user.deviceId });
      expect((await whoami(back)).statusCode).toBe(200);
    });

    it('pages the device list by 10', async () => {
      const user = await signUpTestUser(t.app);
      let last = user;
      // Five OTP requests per phone per 15 minutes: move the clock past a window every four logins.
      jest.useFakeTimers({ doNotFake: REAL_TIMERS });
      try {
        for (let i = 0; i < 10; i += 1) {
          if (i % 4 === 0) jest.setSystemTime(Date.now() + 16 * 60_000);
          last = await logInTestUser(t.app, user);
        }
      } finally {
        jest.useRealTimers();
      }
      const first = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: last.headers });
      expect(first.json().data).toMatchObject({ page: 0, size: 10, total: 11 });
      expect(first.json().data.items).toHaveLength(10);
      const second = await t.app.inject({ method: 'GET', url: `${IDENTITY_PATHS.devices}?page=1`, headers: last.headers });
      expect(second.json().data.items).toHaveLength(1);
      const all = [...first.json().data.items, ...second.json().data.items] as Array<{ id: string; current: boolean }>;
      expect(new Set(all.map((i) => i.id)).size).toBe(11);
      expect(all.filter((i) => i.current)).toHaveLength(1);
    }, 120_000);

    it('another user can neither see nor end nor unblock the first user’s sessions (404)', async () => {
      const alice = await signUpTestUser(t.app);
      const mallory = await signUpTestUser(t.app);
      const { sessionId } = (await whoami(alice)).json().data;
      const list = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: mallory.headers });
      expect(list.json().data.items.map((i: { id: string }) => i.id)).not.toContain(sessionId);
      for (const url of [deviceLogoutPath(sessionId), deviceUnblockPath(sessionId)]) {
        const response = await t.app.inject({ method: 'POST', url, headers: mallory.headers, payload: { block: true } });
        expect({ url, status: response.statusCode, code: code(response) }).toEqual({ url, status: 404, code: '003' });
      }
      expect((await whoami(alice)).statusCode).toBe(200);
      const aliceList = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.devices, headers: alice.headers });
      expect(aliceList.json().data.items[0]).toMatchObject({ id: sessionId, status: 'ACTIVE', blocked: false });
    });
  });

  describe('PIN freshness (requireFreshPin)', () => {
    it('answers 400/040 until the PIN is verified, then lets the call through', async () => {
      const user = await signUpTestUser(t.app);
      const before = await t.app.inject({ method: 'POST', url: '/api/test/sensitive', headers: user.headers });
      expect(before.statusCode).toBe(400);
      expect(code(before)).toBe('040');
      await freshPin(t.app, user);
      const after = await t.app.inject({ method: 'POST', url: '/api/test/sensitive', headers: user.headers });
      expect(after.statusCode).toBe(200);
      // Freshness belongs to the session, not the user.
      const other = await logInTestUser(t.app, user);
      expect((await t.app.inject({ method: 'POST', url: '/api/test/sensitive', headers: other.headers })).statusCode).toBe(400);
    });

    it('expires after PIN_FRESH_SECONDS', async () => {
      const user = await signUpTestUser(t.app);
      await freshPin(t.app, user);
      jest.useFakeTimers({ doNotFake: REAL_TIMERS });
      try {
        jest.setSystemTime(Date.now() + 301_000);
        const stale = await t.app.inject({ method: 'POST', url: '/api/test/sensitive', headers: user.headers });
        // The access token (15 minutes) is still valid; only the PIN is stale.
        expect(stale.statusCode).toBe(400);
        expect(code(stale)).toBe('040');
      } finally {
        jest.useRealTimers();
      }
    });
  });

  it('reads the OTP from the development inbox', async () => {
    const user = await signUpTestUser(t.app);
    expect(await latestOtp(t.app, user.phone)).toMatch(/^\d{6}$/);
  });
});
