// `npm run cluster:faults`: fault tests through the balancer (decision 0026). A cluster of
// its own (PostgreSQL and Redis of its own: the machine's are never restarted), a few verified
// users, and for each fault a bounded load of top-ups (created and paid), crypto buys, market reads
// and held WebSockets while the fault happens:
//   1. SIGKILL of one instance, then its restart;
//   2. a Redis restart (streams resume from snapshots; leases are taken again);
//   3. a PostgreSQL restart (instances answer degraded 503 / 012 meanwhile and reconnect by themselves);
//   4. SIGTERM of the instance holding the leases (it drains, gives them up, closes sockets with 1012).
// After each: every mutation is sent again with its x-request-id (an acknowledged one must replay
// the same answer: not applied twice; what it created must be there: not lost), and at the end the
// ledger audit must be clean. Prints a table; exits 1 on any failed check.
// FAULT_LOAD_SECONDS (default 8) sets each phase's load; FAULT_WORKERS (default 6) its concurrency.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, runMain, seconds, step } from '../lib/repo.mjs';
import { buyCrypto, call, holdSocket, payTopUp, signUp, topUp } from './api.mjs';
import { startCluster } from './cluster-lib.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const LOAD_SECONDS = Number(process.env.FAULT_LOAD_SECONDS ?? 8);
const WORKERS = Number(process.env.FAULT_WORKERS ?? 6);
const USERS = 6;
/** An unfinished idempotency key (its answer could not be stored) is free again after this. */
const STALE_SECONDS = 5;
/** What an answer created: the order ids or the top-up id, to compare a re-run with the first answer. */
const createdBy = (envelope) => {
  const data = envelope?.data;
  return data?.orders ? data.orders.map((o) => o.id).join(',') : data?.id;
};

/** A bounded load: WORKERS loops of random operations until `stop`; every mutation is logged. */
function startLoad(base, users) {
  const log = [];
  const reads = { ok: 0, failed: 0 };
  let running = true;
  const worker = async () => {
    while (running) {
      const user = users[Math.floor(Math.random() * users.length)];
      const r = Math.random();
      const before = log.length;
      if (r < 0.25) {
        await topUp(base, user, String(10_000 + Math.floor(Math.random() * 40) * 1000), log);
      } else if (r < 0.4) {
        const created = await topUp(base, user, '20000', log);
        if (created.status === 200) await payTopUp(base, user, created.envelope.data.id, log);
      } else if (r < 0.65) {
        await buyCrypto(base, user, String(10_000 + Math.floor(Math.random() * 10) * 1000), log);
      } else {
        const path = Math.random() < 0.5 ? '/api/market/tickers' : '/api/market/orderbook?symbol=BTC-IDR';
        const answer = await call(base, 'GET', path);
        answer.status === 200 ? reads.ok++ : reads.failed++;
      }
      // A refused or unanswered call backs off, as a client would (and bounds the replays to check).
      const failedNow = log.slice(before).some((e) => e.answer.status === 0 || e.answer.status >= 500);
      await sleep(failedNow ? 250 : 20);
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  const sockets = users.slice(0, 3).map(() => holdSocket(base));
  return {
    log,
    reads,
    sockets,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      for (const s of sockets) s.stop();
    },
  };
}

/**
 * Every mutation sent again with its x-request-id. Acknowledged (200) ones must replay the same
 * answer (the server holds it: not applied twice) and what they created must be found (not lost).
 */
async function verify(base, log) {
  const result = { acknowledged: 0, refused: 0, refusedCodes: {}, failed: 0, failedCodes: {}, replayedSame: 0, rerunSame: 0, replayDiffers: [], lost: [], retriedLater: 0 };
  const send = (entry) => call(base, 'POST', entry.path, { body: entry.body, headers: { ...entry.user.headers, 'x-request-id': entry.requestId } });
  let waitedForStale = false;
  for (const entry of log) {
    const { user, path: p, requestId, answer } = entry;
    let again = await send(entry);
    if (answer.status === 200) {
      result.acknowledged++;
      if (again.status === 409 && again.envelope?.error_code === '043') {
        // Acknowledged, but its answer was not stored (the database went away after the commit):
        // once the key is stale the call runs again and must find what it made (same ids), not make more.
        if (!waitedForStale) await sleep((STALE_SECONDS + 1) * 1000);
        waitedForStale = true;
        again = await send(entry);
        if (again.status === 200 && createdBy(again.envelope) === createdBy(answer.envelope)) result.rerunSame++;
        else result.replayDiffers.push({ p, requestId, first: answer.status, again: again.status, code: again.envelope?.error_code, rerun: true });
      } else if (again.status === 200 && JSON.stringify(again.envelope) === JSON.stringify(answer.envelope)) result.replayedSame++;
      else result.replayDiffers.push({ p, requestId, first: answer.status, again: again.status, code: again.envelope?.error_code });
      const data = answer.envelope.data;
      const lookup = p === '/api/wallet/topups' || p.endsWith('/simulate-payment') ? `/api/wallet/topups/${data.id}` : p.startsWith('/api/crypto') ? `/api/crypto/orders/${(data.orders ?? [data])[0]?.id}` : null;
      if (lookup) {
        const found = await call(base, 'GET', lookup, { headers: user.headers });
        if (found.status !== 200) result.lost.push({ p, requestId, lookup, status: found.status });
      }
    } else if (answer.status >= 400 && answer.status < 500) {
      result.refused++;
      const code = `${answer.status}/${answer.envelope?.error_code}`;
      result.refusedCodes[code] = (result.refusedCodes[code] ?? 0) + 1;
    } else {
      const code = `${answer.status}/${answer.envelope?.error_code ?? answer.error ?? ''}`;
      result.failedCodes[code] = (result.failedCodes[code] ?? 0) + 1;
      // Not acknowledged (5xx, no answer): the client's retry decides; it must now answer once.
      result.failed++;
      if (again.status === 200) result.retriedLater++;
    }
  }
  return result;
}

function ledgerAudit(cluster) {
  const env = { ...process.env, DATABASE_URL: cluster.postgres?.url ?? process.env.DATABASE_URL, LOG_LEVEL: 'silent' };
  const out = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'cluster', 'ledger-audit.ts')], { cwd: path.join(REPO_ROOT, 'server'), env, encoding: 'utf8' });
  try {
    return JSON.parse(out.stdout.trim().split('\n').pop());
  } catch {
    return { clean: false, error: out.stderr.slice(0, 500) };
  }
}

const leases = (cluster) => {
  if (!cluster.redis) return {};
  const keys = cluster.redis.cli('--scan', '--pattern', `${cluster.redisPrefix}lease:*`).trim().split('\n').filter(Boolean);
  return Object.fromEntries(keys.map((k) => [k.slice(cluster.redisPrefix.length + 'lease:'.length), cluster.redis.cli('get', k).trim().split('/')[0]]));
};

async function healthOf(node) {
  const answer = await call(node.url, 'GET', '/api/health', { timeoutMs: 3000 });
  return answer.status === 200 ? 'ok' : answer.envelope?.error_code === '012' ? 'degraded' : `${answer.status}`;
}

runMain(async () => {
  const started = Date.now();
  if (process.env.DATABASE_URL || process.env.REDIS_URL) {
    console.log('  cluster:faults restarts PostgreSQL and Redis: it always starts its own (DATABASE_URL / REDIS_URL are ignored).');
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
  }
  const cluster = await startCluster({ env: { RATE_LIMIT_IP_FACTOR: '1000', KYC_AUTO_APPROVE_SECONDS: 'off', IDEMPOTENCY_STALE_SECONDS: String(STALE_SECONDS) } });
  const base = cluster.url;
  const outcomes = [];
  let failed = false;
  try {
    step(`Signing up ${USERS} verified users through ${base}`);
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await signUp(base, { adminToken: cluster.adminToken }));
    for (const user of users) {
      const created = await topUp(base, user, '5000000');
      await payTopUp(base, user, created.envelope.data.id);
    }

    const phase = async (name, fault) => {
      step(`${name} (load ${LOAD_SECONDS} s, ${WORKERS} workers)`);
      const t0 = Date.now();
      const load = startLoad(base, users);
      await sleep((LOAD_SECONDS * 1000) / 2);
      const notes = await fault();
      await sleep((LOAD_SECONDS * 1000) / 2);
      await load.stop();
      const unhealthy = [];
      for (const node of cluster.nodes) if ((await healthOf(node)) !== 'ok') unhealthy.push(node.id);
      const check = await verify(base, load.log);
      const sockets = load.sockets.reduce((a, s) => ({ opens: a.opens + s.opens, updates: a.updates + s.updates, gaps: a.gaps + s.gaps, closes: [...a.closes, ...s.closes] }), { opens: 0, updates: 0, gaps: 0, closes: [] });
      const ok = check.replayDiffers.length === 0 && check.lost.length === 0 && unhealthy.length === 0 && (notes.ok ?? true);
      if (!ok) failed = true;
      outcomes.push({ name, ok, seconds: (Date.now() - t0) / 1000, mutations: load.log.length, ...check, reads: load.reads, sockets, unhealthy, notes });
      console.log(`  ${ok ? '✔' : '✖'} ${name}: ${load.log.length} mutations, ${check.acknowledged} acknowledged (${check.replayedSame} replayed identically, ${check.rerunSame} re-run to the same ids), ${check.refused} refused 4xx, ${check.failed} unanswered/5xx (${check.retriedLater} applied on the retry); lost ${check.lost.length}, replays differing ${check.replayDiffers.length}; reads ${load.reads.ok} ok / ${load.reads.failed} failed; sockets ${sockets.opens} opens, ${sockets.updates} updates, ${sockets.gaps} gaps, close codes ${[...new Set(sockets.closes)].join(',') || '-'}`);
      console.log(`    ${JSON.stringify({ refused: check.refusedCodes, unanswered: check.failedCodes, ...notes })}`);
      if (check.replayDiffers.length) console.log(`    replays differing: ${JSON.stringify(check.replayDiffers.slice(0, 5))}`);
      if (check.lost.length) console.log(`    lost: ${JSON.stringify(check.lost.slice(0, 5))}`);
    };

    await phase('SIGKILL of one instance, then restart', async () => {
      const victim = cluster.nodes[1];
      victim.signal('SIGKILL');
      await victim.exited;
      await sleep(1000);
      const t = Date.now();
      victim.start();
      await victim.ready();
      return { killed: victim.id, restartedInSeconds: (Date.now() - t) / 1000 };
    });

    await phase('Redis restart', async () => {
      const before = leases(cluster);
      await cluster.redis.stop('SIGKILL');
      await sleep(1500);
      cluster.redis.start();
      await cluster.redis.ready();
      const t = Date.now();
      let after = {};
      while (Date.now() - t < 15_000) {
        after = leases(cluster);
        if (after['trading.matcher'] && after['market-publisher']) break;
        await sleep(250);
      }
      return { ok: Boolean(after['trading.matcher'] && after['market-publisher']), leasesBefore: before, leasesAfter: after, leasesBackInSeconds: (Date.now() - t) / 1000 };
    });

    await phase('PostgreSQL restart', async () => {
      await cluster.postgres.stop('SIGINT');
      await sleep(300);
      const during = {};
      for (const node of cluster.nodes) during[node.id] = await healthOf(node);
      const user = users[0];
      const refused = await topUp(base, user, '10000');
      await sleep(1500);
      cluster.postgres.start();
      await cluster.postgres.ready();
      const t = Date.now();
      let back = false;
      while (!back && Date.now() - t < 20_000) {
        back = (await Promise.all(cluster.nodes.map(healthOf))).every((h) => h === 'ok');
        if (!back) await sleep(250);
      }
      const ok = Object.values(during).every((h) => h === 'degraded') && refused.status === 503 && refused.envelope?.error_code === '012' && back;
      return { ok, healthDuring: during, moneyCallDuring: `${refused.status} ${refused.envelope?.error_code ?? refused.error ?? ''}`, allHealthyAgainInSeconds: (Date.now() - t) / 1000 };
    });

    await phase('SIGTERM of the lease holder', async () => {
      const before = leases(cluster);
      const holder = cluster.nodes.find((n) => n.id === before['trading.matcher']) ?? cluster.nodes[0];
      const t = Date.now();
      holder.signal('SIGTERM');
      const exit = await holder.exited;
      const drainSeconds = (Date.now() - t) / 1000;
      let after = leases(cluster);
      const t2 = Date.now();
      while (Date.now() - t2 < 15_000 && !(after['trading.matcher'] && after['trading.matcher'] !== holder.id && after['market-publisher'] && after['market-publisher'] !== holder.id)) {
        await sleep(250);
        after = leases(cluster);
      }
      const movedInSeconds = (Date.now() - t2) / 1000;
      const stillHeld = Object.entries(after).filter(([, node]) => node === holder.id).map(([name]) => name);
      holder.start();
      await holder.ready();
      return { ok: exit.code === 0 && stillHeld.length === 0 && after['trading.matcher'] !== undefined, stopped: holder.id, exit, drainSeconds, leasesBefore: before, leasesAfter: after, movedInSeconds };
    });

    step('Ledger audit of the cluster database');
    const audit = ledgerAudit(cluster);
    console.log(`  ${audit.clean ? '✔' : '✖'} ${JSON.stringify(audit)}`);
    if (!audit.clean) failed = true;
  } finally {
    await cluster.stop();
  }
  console.log(`\n${failed ? '✖ Some fault checks failed' : '✔ Every fault check passed'} (whole run ${seconds(Date.now() - started)})`);
  return failed ? 1 : 0;
});
