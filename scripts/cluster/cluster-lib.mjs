// Several Pasar instances behind nginx on one machine (decision 0026): the cluster's own
// PostgreSQL (initdb into a temporary folder, a free port) and Redis (a free port) unless
// DATABASE_URL / REDIS_URL point at existing ones, N server instances sharing them, and nginx in
// front (round robin, no sticky sessions, WebSocket upgrades passed through). Every process is
// a child of this script, so a fault test can kill, stop and restart each one; the machine's own
// PostgreSQL and Redis are never touched.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, ScriptError, info, step } from '../lib/repo.mjs';
import { capture, run } from '../lib/run.mjs';
import { freePort } from '../lib/server.mjs';

const SERVER_DIR = path.join(REPO_ROOT, 'server');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** A child process that can be signalled, waited for, and started again with the same command. */
function managed(name, command, args, { env = process.env, cwd = REPO_ROOT, logFile, uid, gid } = {}) {
  const state = { child: null, exited: null, name };
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const start = () => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out], detached: true, ...(uid !== undefined ? { uid, gid } : {}) });
    child.on('error', () => undefined);
    state.child = child;
    state.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    return state;
  };
  state.start = start;
  state.running = () => state.child !== null && state.child.exitCode === null && state.child.signalCode === null;
  state.signal = (signal) => {
    if (state.running()) process.kill(state.child.pid, signal);
  };
  /** Signals the process and waits for it to end (SIGKILL after timeoutMs). */
  state.stop = async (signal = 'SIGTERM', timeoutMs = 15_000) => {
    if (!state.running()) return state.exited;
    state.signal(signal);
    const timer = setTimeout(() => {
      try {
        process.kill(-state.child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }, timeoutMs);
    const result = await state.exited;
    clearTimeout(timer);
    return result;
  };
  state.killNow = () => {
    if (!state.child) return;
    try {
      process.kill(-state.child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  };
  return state;
}

async function waitFor(what, check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && !child.running()) throw new ScriptError(`${what}: the process exited (${JSON.stringify(await child.exited)}); see ${child.logFile ?? 'its log'}`);
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new ScriptError(`${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** nginx's binary: installed with apt-get (Debian's package) when absent and root, as Chromium is. */
export async function ensureNginx() {
  const found = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  let nginx = process.env.NGINX_PATH ?? found();
  if (nginx) return nginx;
  const hasApt = capture('sh', ['-c', 'command -v apt-get']).ok;
  if (!isRoot() || !hasApt) {
    throw new ScriptError('nginx is needed and was not found.\n  Install it with: sudo apt-get update && sudo apt-get install -y nginx\n  or point NGINX_PATH at an nginx binary.');
  }
  step('Installing nginx (apt-get install -y nginx)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env, label: 'apt-get update' });
  await run('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { env, label: 'apt-get install nginx' });
  // Debian's package starts the system service; the cluster runs its own nginx and needs port 80 for nobody.
  capture('sh', ['-c', 'service nginx stop || true']);
  nginx = found();
  if (!nginx) throw new ScriptError('apt-get installed nginx, but no nginx binary was found.');
  return nginx;
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(base, v, 'bin')).find((b) => fs.existsSync(path.join(b, 'postgres')));
  if (!bin) throw new ScriptError('PostgreSQL is needed (/usr/lib/postgresql/*/bin) or DATABASE_URL pointing at one.\n  Install it with: sudo apt-get install -y postgresql');
  return bin;
}

/** The cluster's own PostgreSQL in `dir` on a free port (as the postgres user when root). */
async function ownPostgres(dir) {
  const bin = postgresBin();
  const data = path.join(dir, 'pg');
  fs.mkdirSync(data, { recursive: true });
  let ids = {};
  if (isRoot()) {
    const uid = Number(capture('id', ['-u', 'postgres']).stdout.trim());
    const gid = Number(capture('id', ['-g', 'postgres']).stdout.trim());
    if (!Number.isInteger(uid)) throw new ScriptError('PostgreSQL refuses to run as root and there is no postgres user.');
    fs.chmodSync(dir, 0o755);
    fs.chownSync(data, uid, gid);
    ids = { uid, gid };
  }
  const log = path.join(dir, 'postgres.log');
  fs.writeFileSync(log, '');
  if (ids.uid !== undefined) fs.chownSync(log, ids.uid, ids.gid);
  const init = spawn(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], { stdio: ['ignore', 'pipe', 'pipe'], ...ids });
  let initOut = '';
  init.stdout.on('data', (d) => (initOut += d));
  init.stderr.on('data', (d) => (initOut += d));
  const initCode = await new Promise((r) => init.on('exit', r));
  if (initCode !== 0) throw new ScriptError(`initdb failed:\n${initOut}`);
  const port = await freePort();
  const server = managed(
    'postgres',
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', data, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'shared_buffers=64MB'],
    { logFile: log, ...ids },
  );
  server.logFile = log;
  server.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  server.port = port;
  server.start();
  await waitFor('PostgreSQL', () => capture(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).ok, 30_000, server);
  server.ready = () => waitFor('PostgreSQL', () => capture(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).ok, 30_000, server);
  return server;
}

async function ownRedis(dir) {
  const port = await freePort();
  const log = path.join(dir, 'redis.log');
  const server = managed('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { logFile: log });
  server.logFile = log;
  server.url = `redis://127.0.0.1:${port}`;
  server.port = port;
  server.start();
  const ping = () => capture('redis-cli', ['-p', String(port), 'ping']).stdout.trim() === 'PONG';
  await waitFor('Redis', ping, 15_000, server);
  server.ready = () => waitFor('Redis', ping, 15_000, server);
  server.cli = (...args) => capture('redis-cli', ['-p', String(port), ...args]).stdout;
  return server;
}

function nginxConfig({ dir, port, upstreams }) {
  const temp = (name) => {
    const p = path.join(dir, 'nginx', name);
    fs.mkdirSync(p, { recursive: true });
    fs.chmodSync(p, 0o777);
    return p;
  };
  return `# Written by scripts/cluster (decision 0026). Round robin, no sticky sessions.
${isRoot() ? 'user nobody nogroup;\n' : ''}worker_processes 1;
pid ${path.join(dir, 'nginx', 'nginx.pid')};
error_log ${path.join(dir, 'nginx', 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 12m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream pasar {
${upstreams.map((u) => `    server 127.0.0.1:${u} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  # max_fails=0: a 503 (PostgreSQL away: every instance answers 503 / 012) must not mark the
  # instances down, or nginx answers its own 502 without the envelope; a dead instance costs one
  # refused connect before the next is tried.
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://pasar;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      # The edge balancer replaces what a client sent: the servers trust only this address (TRUST_PROXY).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # An instance that is gone or refuses (503 while it drains) hands the request to the next;
      # safe for POSTs because every mutation is idempotent on its x-request-id.
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
    }
  }
}
`;
}

/**
 * Starts the whole cluster; returns its parts and `stop()`. `env` is added to every instance's
 * environment (e.g. RATE_LIMIT_IP_FACTOR for a load test).
 */
export async function startCluster({ instances = 3, env = {}, quiet = false, killOnSignal = true } = {}) {
  const say = quiet ? () => undefined : step;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-cluster-'));
  const parts = { dir, postgres: null, redis: null, nodes: [], nginx: null };
  const stopAll = async () => {
    parts.nginx?.killNow();
    await Promise.all(parts.nodes.map((n) => n.stop('SIGTERM', 8000)));
    await parts.redis?.stop('SIGTERM', 5000);
    await parts.postgres?.stop('SIGINT', 10_000);
    if (!process.env.PASAR_CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
  const killAll = () => {
    for (const p of [parts.nginx, ...parts.nodes, parts.redis, parts.postgres]) p?.killNow();
  };
  process.once('exit', killAll);
  if (killOnSignal) {
    // A signal skips 'exit' handlers: a Ctrl-C of the fault or load script leaves nothing behind.
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => {
        killAll();
        if (!process.env.PASAR_CLUSTER_KEEP) fs.rmSync(dir, { recursive: true, force: true });
        process.exit(130);
      });
    }
  }
  try {
    const nginxBin = await ensureNginx();
    const databaseUrl = process.env.DATABASE_URL?.trim();
    if (databaseUrl) info(`PostgreSQL: DATABASE_URL (${new URL(databaseUrl).host})`);
    else {
      say('Starting the cluster\'s own PostgreSQL');
      parts.postgres = await ownPostgres(dir);
    }
    const redisUrl = process.env.REDIS_URL?.trim();
    if (redisUrl) info(`Redis: REDIS_URL (${new URL(redisUrl).host})`);
    else {
      say('Starting the cluster\'s own Redis');
      parts.redis = await ownRedis(dir);
    }
    const secret = () => randomBytes(24).toString('hex');
    const shared = {
      ...process.env,
      PASAR_MODE: process.env.PASAR_MODE ?? 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl || parts.postgres.url,
      REDIS_URL: redisUrl || parts.redis.url,
      REDIS_PREFIX: process.env.REDIS_PREFIX ?? `pasar-cluster-${randomBytes(3).toString('hex')}:`,
      TRUST_PROXY: '127.0.0.1',
      // Shared by every instance: tokens, operator, payment callbacks and identifiers agree.
      JWT_SECRET: process.env.JWT_SECRET ?? secret(),
      ADMIN_TOKEN: process.env.ADMIN_TOKEN ?? secret(),
      PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET ?? secret(),
      ACCOUNT_ID_SECRET: process.env.ACCOUNT_ID_SECRET ?? secret(),
      // One folder for the identity documents (on several machines: a shared mount, decision 0026).
      DATA_DIR: process.env.DATA_DIR ?? path.join(dir, 'data'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    };
    parts.adminToken = shared.ADMIN_TOKEN;
    parts.redisPrefix = shared.REDIS_PREFIX;
    say(`Starting ${instances} server instances`);
    for (let i = 1; i <= instances; i++) {
      const port = await freePort();
      const logFile = path.join(dir, `node-${i}.log`);
      const node = managed(`node-${i}`, process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: { ...shared, PORT: String(port), INSTANCE_ID: `node-${i}` },
        logFile,
      });
      Object.assign(node, { port, logFile, id: `node-${i}`, url: `http://127.0.0.1:${port}` });
      node.ready = (timeoutMs = 120_000) =>
        waitFor(`${node.id}`, async () => (await fetch(`${node.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok, timeoutMs, node);
      parts.nodes.push(node.start());
    }
    await Promise.all(parts.nodes.map((n) => n.ready()));
    say('Starting nginx in front of them');
    const port = Number(process.env.CLUSTER_PORT ?? 0) || (await freePort());
    fs.mkdirSync(path.join(dir, 'nginx', 'logs'), { recursive: true });
    const confFile = path.join(dir, 'nginx.conf');
    fs.writeFileSync(confFile, nginxConfig({ dir, port, upstreams: parts.nodes.map((n) => n.port) }));
    const nginx = managed('nginx', nginxBin, ['-c', confFile, '-p', path.join(dir, 'nginx'), '-g', 'daemon off;'], { logFile: path.join(dir, 'nginx', 'out.log') });
    nginx.logFile = path.join(dir, 'nginx', 'error.log');
    parts.nginx = nginx.start();
    parts.url = `http://127.0.0.1:${port}`;
    await waitFor('nginx', async () => (await fetch(`${parts.url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok, 20_000, nginx);
    parts.stop = stopAll;
    return parts;
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
}
