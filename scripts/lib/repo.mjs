// Where things are, and how the scripts talk to a person.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The packages of the workspace, in the order the scripts visit them. */
export const REMOTES = ['mf-trade', 'mf-portfolio', 'mf-account', 'mf-wallet', 'mf-reports'];
export const FRONT_END_PACKAGES = ['shared', 'shell', ...REMOTES];

export const step = (text) => console.log(`\n▶ ${text}`);
export const info = (text) => console.log(`  ${text}`);
export const warn = (text) => console.warn(`  ! ${text}`);

/** An error whose message is the whole explanation: the scripts print it without a stack. */
export class ScriptError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ScriptError';
  }
}

/** Runs `main`, printing a ScriptError's message (or any other error's stack) and exiting 1. */
export function runMain(main) {
  main().then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (error) => {
      if (error instanceof ScriptError) console.error(`\n✖ ${error.message}`);
      else console.error('\n✖', error);
      process.exitCode = 1;
    },
  );
}

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
