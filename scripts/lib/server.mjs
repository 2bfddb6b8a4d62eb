// Starting the real server (tsx server/src/main.ts) and knowing when it answers.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT, ScriptError } from './repo.mjs';

const TSX = path.join(REPO_ROOT, 'server', 'node_modules', '.bin', 'tsx');
const MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server in its own process group, so a Ctrl-C in the terminal reaches this script
 * only and the server gets exactly one signal (a second one makes it exit at once).
 */
export function startServer({ port, env = {}, stdio = 'inherit' }) {
  const child = spawn(TSX, [MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio,
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.on('error', () => {});

  let stopping;
  const stop = (timeoutMs = 15_000) => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGINT');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    })();
    return stopping;
  };
  // Never leave a server behind when this script ends abruptly.
  const killOnExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);
  return { child, exited, stop, url: `http://localhost:${port}` };
}

/** Resolves once GET /api/health answers 200; rejects if the server exits or time runs out. */
export async function waitForHealth(server, port, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let exit;
  server.exited.then((e) => (exit = e));
  for (;;) {
    if (exit) {
      throw new ScriptError(`The server exited before it answered (${exit.signal ?? `exit code ${exit.code}`}); see its log above.`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new ScriptError(`The server did not answer http://127.0.0.1:${port}/api/health within ${timeoutMs / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
