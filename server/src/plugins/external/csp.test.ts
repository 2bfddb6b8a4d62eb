// connect-src names the site's own WebSocket origin and the registry's remotes, never ws:/wss: to any host.
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { contentSecurityPolicy, siteSocketOrigin } from './csp';

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1);

/** A WebSocket source that would let a page talk to any host: a bare scheme or a wildcard. */
const anyHostSocket = (source: string) => /^(wss?:|\*|wss?:\/\/\*)/.test(source) && !/^wss?:\/\/[^*]/.test(source);

describe('siteSocketOrigin', () => {
  it('is the ws(s) equivalent of the public origin when one is configured', () => {
    expect(siteSocketOrigin({ protocol: 'http', host: 'evil.example' }, 'https://pasar.example.id')).toBe('wss://pasar.example.id');
    expect(siteSocketOrigin({ protocol: 'https', host: 'x' }, 'http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000');
  });

  it('otherwise follows the request’s scheme and host', () => {
    expect(siteSocketOrigin({ protocol: 'http', host: 'localhost:3000' })).toBe('ws://localhost:3000');
    expect(siteSocketOrigin({ protocol: 'https', host: 'Pasar.Example' })).toBe('wss://pasar.example');
    expect(siteSocketOrigin({ protocol: 'http', host: '[::1]:3000' })).toBe('ws://[::1]:3000');
  });

  it('gives nothing for a host a policy could misread', () => {
    for (const host of ["a.example; script-src 'unsafe-inline'", 'a.example b.example', '*.example', 'a.example/path', '', 'a.example:99999999']) {
      expect(siteSocketOrigin({ protocol: 'http', host })).toBeUndefined();
    }
    expect(contentSecurityPolicy([], undefined)).toContain("connect-src 'self'; ");
  });
});

describe('the CSP of the running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows WebSockets to this host only, on API answers and pages', async () => {
    for (const url of ['/api/health', '/', '/trade/BTC-IDR']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'pasar.test:8080', accept: 'text/html' } });
      const connect = directive(String(response.headers['content-security-policy']), 'connect-src');
      expect(connect).toEqual(["'self'", 'ws://pasar.test:8080']);
      expect(connect!.filter(anyHostSocket)).toEqual([]);
    }
  });

  it('uses the public origin’s wss: in production-like setups, whatever Host a request claims', async () => {
    const behindTls = await t.sibling({ PUBLIC_ORIGIN: 'https://pasar.example.id' });
    const response = await behindTls.inject({ method: 'GET', url: '/api/health', headers: { host: 'attacker.example' } });
    const policy = String(response.headers['content-security-policy']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'wss://pasar.example.id']);
    expect(policy).not.toContain('attacker.example');
  });

  it('keeps the Host header from adding directives', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: "x.example;script-src" } });
    const policy = String(response.headers['content-security-policy']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(policy.match(/script-src/g)).toHaveLength(1);
  });
});
