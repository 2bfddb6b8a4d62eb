// Where this run's server keeps its deploy and data, shared by the config, setup and specs.
import path from 'node:path';

export const E2E_ROOT = path.resolve(__dirname, '..');
export const REPO_ROOT = path.resolve(E2E_ROOT, '..');

/** The server under test listens here (PASAR_E2E_PORT to change it). */
export const PORT = Number(process.env.PASAR_E2E_PORT ?? 3900);
export const SERVER_URL = `http://127.0.0.1:${PORT}`;

// One throwaway folder per run. The runner loads the config first and its workers inherit the
// environment, so pinning the folder in an environment variable gives every process the same one.
process.env.PASAR_E2E_RUN_DIR ??= path.join(E2E_ROOT, '.run', `run-${Date.now().toString(36)}-${process.pid}`);

export const RUN_DIR: string = process.env.PASAR_E2E_RUN_DIR;
/** The server's DEPLOY_DIR: `remotes.json`, `history.json`, `remotes/<name>/<version>/`. */
export const DEPLOY_DIR = path.join(RUN_DIR, 'deploy');
/** The server's DATA_DIR (PGlite). */
export const DATA_DIR = path.join(RUN_DIR, 'data');
/** Where Playwright's JSON report goes (`npm test` reads it). */
export const REPORT_FILE = process.env.PASAR_E2E_REPORT ?? path.join(E2E_ROOT, '.run', 'report.json');

export const SHELL_DIST = path.join(REPO_ROOT, 'shell', 'dist');
export const REMOTES = ['mf-trade', 'mf-portfolio', 'mf-account', 'mf-wallet', 'mf-reports'] as const;
