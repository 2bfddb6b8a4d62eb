// `npm start`: install what is missing, build the shell and remotes, publish them to the local
// deploy folder, start the server, and say where it is once it answers.
import { buildFrontEnd, release } from './lib/build.mjs';
import { ensureInstalled, ensurePnpm } from './lib/pnpm.mjs';
import { runMain, seconds, step } from './lib/repo.mjs';
import { startServer, waitForHealth } from './lib/server.mjs';

runMain(async () => {
  const started = Date.now();
  const port = Number(process.env.PORT ?? 3000);
  const pnpm = await ensurePnpm();
  await ensureInstalled(pnpm);

  step('Building the shell and the remotes');
  await buildFrontEnd(pnpm);

  step('Publishing the remotes to the local deploy folder');
  await release(pnpm, ['publish', '--all', '--no-build']);

  step(`Starting the server on port ${port}`);
  const server = startServer({ port });
  let interrupted = false;
  const shutdown = (signal) => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping the server…`);
    void server.stop();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await Promise.race([waitForHealth(server, port), server.exited]);
  if (!interrupted && server.child.exitCode === null) {
    console.log(`\n  Pasar is ready at http://localhost:${port}  (started in ${seconds(Date.now() - started)}; Ctrl-C stops it)`);
    if ((process.env.PASAR_MODE ?? 'development') === 'development') {
      console.log(`  Sign-up codes (SMS and e-mail) land in the development inbox: http://localhost:${port}/dev/inbox`);
      console.log('  Operator commands (approve identity checks, halt a symbol): npm run admin -- --help\n');
    }
  }
  const { code, signal } = await server.exited;
  if (interrupted) return 0;
  console.error(`The server stopped (${signal ?? `exit code ${code}`}).`);
  return code === 0 ? 0 : 1;
});
