// What the browser benchmarks share: Chromium through e2e's Playwright with the same flags, the
// built front end published into a throwaway deploy, a private server on a free port over it, and
// the figures saved under .bench/.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildFrontEnd, builtRemotes, release } from './build.mjs';
import { REPO_ROOT, ScriptError, step } from './repo.mjs';
import { freePort, startServer, waitForHealth } from './server.mjs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium (CHROMIUM_PATH) driven by the e2e package's Playwright. */
export async function launchChromium() {
  const requireE2e = createRequire(path.join(REPO_ROOT, 'e2e', 'package.json'));
  const { chromium } = requireE2e('@playwright/test');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * The built remotes published into a throwaway folder (built first with `build`, or when the shell
 * or mf-trade has never been built). Answers the folder and its deploy; remove `work` when done.
 */
export async function publishBuilt(pnpm, { name, build = false }) {
  const shellBuilt = fs.existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json'));
  if (build || !shellBuilt || !builtRemotes().includes('mf-trade')) {
    step('Building the shell and the remotes');
    await buildFrontEnd(pnpm);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `pasar-${name}-`));
  const deployDir = path.join(work, 'deploy');
  step(`Publishing the built remotes into a throwaway deploy (${deployDir})`);
  await release(pnpm, ['publish', ...builtRemotes(), '--no-build'], { deployDir });
  return { work, deployDir };
}

/** The server over that deploy on a free port, its own data folder, PGlite; answers once healthy. */
export async function startBenchServer({ work, deployDir, env = {}, label = 'Server' }) {
  const port = await freePort();
  step(`${label} on port ${port}${Object.keys(env).length ? ` (${Object.entries(env).map(([k, v]) => `${k}=${v}`).join(' ')})` : ''}`);
  const server = startServer({
    port,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { DEPLOY_DIR: deployDir, DATA_DIR: path.join(work, `data-${port}`), DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
  });
  try {
    await waitForHealth(server, port);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { server, port, baseURL: `http://127.0.0.1:${port}` };
}

/** Writes .bench/<name>-<time>.json and answers its path relative to the repository. */
export function saveFigures(name, figures) {
  const outDir = path.join(REPO_ROOT, '.bench');
  fs.mkdirSync(outDir, { recursive: true });
  const out = path.join(outDir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  return path.relative(REPO_ROOT, out);
}

/** A call to the bench's server through the browser context: the envelope's data, or a ScriptError. */
export async function call(context, baseURL, method, path, { user, body, multipart } = {}) {
  const headers = { 'x-request-id': crypto.randomUUID() };
  if (user) {
    headers['x-device-id'] = `web-${user.deviceId}`;
    if (user.accessToken) headers.authorization = `Bearer ${user.accessToken}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await context.request.fetch(new URL(path, baseURL).toString(), {
    method,
    headers,
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
    ...(multipart ? { multipart } : {}),
  });
  const envelope = await response.json();
  if (envelope.status !== 'success') throw new ScriptError(`${method} ${path}: ${response.status()} ${envelope.error_code} ${envelope.error_message}`);
  return envelope.data;
}

/** Polls `check` every 250 ms until it returns something, or fails after `timeoutMs`. */
export async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new ScriptError(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs a new user up (phone, the development inbox's code, a PIN) and leaves the session's cookies in `context`. */
export async function signUp(context, baseURL, phonePrefix) {
  const phone = `${phonePrefix}${String(Date.now()).slice(-8)}`;
  const user = { phone, deviceId: crypto.randomUUID(), accessToken: '' };
  const since = Date.now() - 1000;
  await call(context, baseURL, 'POST', '/api/auth/signup/phone', { user, body: { phone } });
  const otp = await until('the sign-up code', async () => {
    const inbox = await call(context, baseURL, 'GET', `/api/dev/inbox?to=${encodeURIComponent(phone)}`);
    return inbox.messages.filter((m) => m.code && Date.parse(m.createdAt) >= since).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]?.code;
  });
  const { signupToken } = await call(context, baseURL, 'POST', '/api/auth/signup/verify-otp', { user, body: { phone, otp } });
  const session = await call(context, baseURL, 'POST', '/api/auth/register-pin', { user, body: { signupToken, pin: '135792' } });
  user.accessToken = session.accessToken;
  await context.addCookies([
    { name: 'pasarToken', value: session.accessToken, url: baseURL },
    { name: 'deviceId', value: user.deviceId, url: baseURL },
  ]);
  return user;
}
