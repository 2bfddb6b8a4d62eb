// Where this run's server keeps its deploy and data, shared by the config, setup and specs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const E2E_ROOT = path.resolve(__dirname, '..');
export const REPO_ROOT = path.resolve(E2E_ROOT, '..');

/** 3900 when it is free, else any free port: several runs may share a machine. */
function pickPort(preferred: number): string {
  const probe = `const s=require('net').createServer();s.once('error',()=>s.listen(0,'127.0.0.1'));` +
    `s.once('listening',()=>{process.stdout.write(String(s.address().port));s.close();});s.listen(${preferred},'127.0.0.1');`;
  const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  return /^\d+$/.test(result.stdout) ? result.stdout : String(preferred);
}

// Pinned in the environment like the run folder below, so the workers see the same port.
process.env.PASAR_E2E_PORT ??= pickPort(3900);

/** The server under test listens here (PASAR_E2E_PORT to choose it). */
export const PORT = Number(process.env.PASAR_E2E_PORT);
export const SERVER_URL = `http://127.0.0.1:${PORT}`;

// One throwaway folder per run. The runner loads the config first and its workers inherit the
// environment, so pinning the folder in an environment variable gives every process the same one.
process.env.PASAR_E2E_RUN_DIR ??= path.join(E2E_ROOT, '.run', `run-${Date.now().toString(36)}-${process.pid}`);

export const RUN_DIR: string = process.env.PASAR_E2E_RUN_DIR;
/** The server's DEPLOY_DIR: `remotes.json`, `history.json`, `remotes/<name>/<version>/`. */
export const DEPLOY_DIR = path.join(RUN_DIR, 'deploy');
/** The server's DATA_DIR (PGlite). */
export const DATA_DIR = path.join(RUN_DIR, 'data');
/** Where Playwright's JSON report goes (`npm test` sets it and reads it). */
export const REPORT_FILE = process.env.PASAR_E2E_REPORT ?? path.join(RUN_DIR, 'report.json');
/** Traces and screenshots of failed tests. */
export const OUTPUT_DIR = path.join(RUN_DIR, 'test-results');

export const SHELL_DIST = path.join(REPO_ROOT, 'shell', 'dist');
export const REMOTES = ['mf-trade', 'mf-portfolio', 'mf-account', 'mf-wallet', 'mf-reports'] as const;
