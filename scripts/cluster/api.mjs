// A person's calls through the balancer, for the fault and load scripts: sign up with the
// development inbox's code, identity approved by the operator, Bappebti terms, top-ups paid by
// the simulator, crypto orders, market reads and a held WebSocket. Every mutation carries its own
// x-request-id, kept so a script can send it again and compare with what the server holds.
import { randomInt, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../lib/repo.mjs';

// Node 20 has no global WebSocket: the server's `ws` (same event handlers).
const WebSocketImpl = globalThis.WebSocket ?? createRequire(path.join(REPO_ROOT, 'server', 'package.json'))('ws');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** One HTTP call: status, parsed envelope (or null), the answering instance, the time it took. */
export async function call(base, method, path, { body, headers = {}, timeoutMs = 15_000 } = {}) {
  const started = performance.now();
  try {
    const isForm = body instanceof FormData;
    const response = await fetch(new URL(path, base), {
      method,
      headers: { 'x-language-code': 'en', ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let envelope = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, envelope, instance: response.headers.get('x-pasar-instance'), ms: performance.now() - started };
  } catch (error) {
    return { status: 0, envelope: null, instance: null, ms: performance.now() - started, error: error.cause?.code ?? error.name ?? String(error) };
  }
}

const must = (answer, what) => {
  if (answer.status !== 200 || answer.envelope?.status !== 'success') {
    throw new Error(`${what}: ${answer.status} ${answer.envelope?.error_code ?? answer.error ?? ''} ${answer.envelope?.error_message ?? ''}`);
  }
  return answer.envelope.data;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A retrying wrapper for setup steps (an instance may be restarting). */
async function retry(fn, what, tries = 8) {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= tries) throw new Error(`${what}: ${error.message}`);
      await sleep(300 * i);
    }
  }
}

export const uniquePhone = () => `+628${randomInt(10, 100)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A new person signed up through the balancer; `verified` adds identity, the crypto terms. */
export async function signUp(base, { adminToken, verified = true, pin = '135792' } = {}) {
  const phone = uniquePhone();
  const deviceId = `web-${randomUUID()}`;
  const anon = { 'x-device-id': deviceId };
  await retry(async () => must(await call(base, 'POST', '/api/auth/signup/phone', { body: { phone }, headers: anon }), 'signup/phone'), 'signup/phone');
  const otp = await retry(async () => {
    const inbox = must(await call(base, 'GET', `/api/dev/inbox?to=${encodeURIComponent(phone)}`), 'dev inbox');
    const code = inbox.messages.find((m) => m.code)?.code;
    if (!code) throw new Error('no code yet');
    return code;
  }, 'dev inbox');
  const { signupToken } = await retry(async () => must(await call(base, 'POST', '/api/auth/signup/verify-otp', { body: { phone, otp }, headers: anon }), 'verify-otp'), 'verify-otp');
  const session = await retry(async () => must(await call(base, 'POST', '/api/auth/register-pin', { body: { signupToken, pin }, headers: anon }), 'register-pin'), 'register-pin');
  const user = { phone, pin, deviceId, accessToken: session.accessToken, headers: { authorization: `Bearer ${session.accessToken}`, 'x-device-id': deviceId } };
  if (verified) {
    await retry(async () => {
      const form = new FormData();
      form.set('nik', `3174${String(randomInt(0, 1e12)).padStart(12, '0')}`);
      form.set('fullName', 'Budi Santoso');
      form.set('birthPlace', 'Jakarta');
      form.set('birthDate', '1990-04-23');
      form.set('address', 'Jl. Merdeka No. 1, Jakarta Pusat');
      form.set('ktpPhoto', new Blob([PNG], { type: 'image/png' }), 'ktp.png');
      form.set('selfie', new Blob([PNG], { type: 'image/png' }), 'selfie.png');
      const answer = await call(base, 'POST', '/api/kyc', { body: form, headers: { ...user.headers, 'x-request-id': randomUUID() } });
      if (answer.envelope?.error_code !== '1110' && answer.status !== 409) must(answer, 'kyc');
    }, 'kyc');
    await retry(async () => must(await call(base, 'POST', '/api/admin/kyc/approve', { body: { phone }, headers: { 'x-admin-token': adminToken } }), 'kyc approve'), 'kyc approve');
    await retry(async () => must(await call(base, 'POST', '/api/user/bappebti-tnc', { headers: user.headers }), 'bappebti terms'), 'bappebti terms');
  }
  return user;
}

/** A mutation with its own x-request-id; the id and the answer are kept in `ledger` for the check. */
export async function mutate(base, user, path, body, log) {
  const requestId = randomUUID();
  const answer = await call(base, 'POST', path, { body, headers: { ...user.headers, 'x-request-id': requestId } });
  log?.push({ user, path, body, requestId, answer });
  return answer;
}

export const topUp = (base, user, amount, log) => mutate(base, user, '/api/wallet/topups', { paymentChannel: 'BCA_VA', amount }, log);
export const payTopUp = (base, user, id, log) => mutate(base, user, `/api/wallet/topups/${encodeURIComponent(id)}/simulate-payment`, undefined, log);
export const buyCrypto = (base, user, amount, log, symbol = 'BTC-IDR') => mutate(base, user, '/api/crypto/buy', { symbol, amount }, log);
export const limitBuy = (base, user, amount, limitPrice, log, symbol = 'BTC-IDR') =>
  mutate(base, user, '/api/crypto/advanced/buy', { symbol, orderType: 'LIMIT', inputType: 'amount', amount, limitPrice }, log);

/** The IDR cash balance as the wallet reports it. */
export async function cashBalance(base, user) {
  const answer = await call(base, 'GET', '/api/accounts', { headers: user.headers });
  return answer.status === 200 ? answer.envelope.data : null;
}

/** A WebSocket held on the ticker of `symbol`; counts updates and reconnects (close codes kept). */
export function holdSocket(base, symbol = 'BTC-IDR') {
  const wsUrl = `${base.replace(/^http/, 'ws')}/api/stream`;
  const state = { updates: 0, snapshots: 0, opens: 0, closes: [], gaps: 0, lastSeq: null, stopped: false, socket: null };
  const open = () => {
    if (state.stopped) return;
    const ws = new WebSocketImpl(wsUrl);
    state.socket = ws;
    ws.onopen = () => {
      state.opens++;
      state.lastSeq = null;
      ws.send(JSON.stringify({ op: 'subscribe', channel: 'ticker', symbol }));
    };
    ws.onmessage = (event) => {
      let m;
      try {
        m = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (m.type === 'snapshot') {
        state.snapshots++;
        state.lastSeq = m.seq ?? null;
      } else if (m.type === 'update') {
        state.updates++;
        if (typeof m.seq === 'number' && typeof state.lastSeq === 'number' && m.seq !== state.lastSeq + 1) {
          // A gap: subscribe again, the server answers with a fresh snapshot (the stream protocol).
          state.gaps++;
          ws.send(JSON.stringify({ op: 'subscribe', channel: 'ticker', symbol }));
        }
        if (typeof m.seq === 'number') state.lastSeq = m.seq;
      }
    };
    ws.onclose = (event) => {
      if (!state.stopped) state.closes.push(event.code);
      if (!state.stopped) setTimeout(open, 200 + Math.random() * 300);
    };
    ws.onerror = () => undefined;
  };
  open();
  state.stop = () => {
    state.stopped = true;
    state.socket?.close();
  };
  return state;
}

/** Percentile of sorted numbers. */
export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
