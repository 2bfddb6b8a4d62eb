// Entry point of `pnpm release <command>` (see release-cli.ts for the commands).
import { runReleaseCli } from './release-cli';

runReleaseCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`release: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
