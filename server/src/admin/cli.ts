// Entry point of `pnpm --filter @pasar/server admin …` (see admin-cli.ts).
import { runAdminCli } from './admin-cli';

runAdminCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`admin: ${String(error)}\n`);
    process.exitCode = 1;
  },
);
