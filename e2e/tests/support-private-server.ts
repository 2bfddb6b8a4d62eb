// A second instance of the server under test, over a copy of this run's deploy folder, for the
// journeys that publish and roll back. Other specs keep loading pages from the main server while
// these run; a registry change there can land between a page's CSP (computed per document from
// the live registry) and the page's own read of /remotes.json, and break that unrelated page.
// Here nothing else reads the deploy these journeys change.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEPLOY_DIR, RUN_DIR } from '../support/helpers';
import { E2E_ROOT, REPO_ROOT, SHELL_DIST } from '../support/paths';

export interface PrivateServer {
  url: string;
  /** This server's DEPLOY_DIR: pass it to `release(args, { env: { DEPLOY_DIR } })`. */
  deployDir: string;
  /** This server's DATA_DIR (its database and operator token): pass it to `operatorOn`. */
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `env`: more of the server's environment (e.g. the main server's journey settings). */
export async function startPrivateServer(name: string, options: { env?: Record<string, string> } = {}): Promise<PrivateServer> {
  const root = fs.mkdtempSync(path.join(RUN_DIR, `${name}-`));
  const deployDir = path.join(root, 'deploy');
  fs.cpSync(DEPLOY_DIR, deployDir, { recursive: true, filter: (src) => !src.endsWith('.lock') });
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const child: ChildProcess = spawn(path.join(REPO_ROOT, 'server', 'node_modules', '.bin', 'tsx'), ['../server/src/main.ts'], {
    cwd: E2E_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEPLOY_DIR: deployDir,
      DATA_DIR: dataDir,
      SHELL_DIST,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    // Its own process group, so stopping it stops tsx's child too.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the private server exited (${child.exitCode}):\n${log.join('')}`);
    try {
      const health = await fetch(`${url}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the private server did not start on ${url}:\n${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    deployDir,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        const timeout = setTimeout(() => child.pid && child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10_000);
        await exited;
        clearTimeout(timeout);
      }
    },
  };
}
