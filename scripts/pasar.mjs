// `pnpm <build|typecheck|e2e|release|bench-web>` (root package.json scripts land here).
import path from 'node:path';
import { benchWeb } from './lib/bench-web.mjs';
import { buildFrontEnd, release } from './lib/build.mjs';
import { ensureChromium, ensureTestBrowser } from './lib/chromium.mjs';
import { ensureInstalled, ensurePnpm } from './lib/pnpm.mjs';
import { REPO_ROOT, ScriptError, runMain, step } from './lib/repo.mjs';
import { run } from './lib/run.mjs';

const USAGE = `Usage: node scripts/pasar.mjs <command>
  build              build the shell and every remote (webpack, production)
  typecheck          typecheck every package
  e2e [args...]      build, then the Playwright suite (args go to \`playwright test\`)
  release <args...>  the release tool: publish | rollback | list (see \`pnpm release help\`)
  bench-web          first-load JavaScript and Lighthouse figures for /trade/USDT-IDR
  admin <args...>    operator commands against the running server (see \`npm run admin -- --help\`)`;

const commands = {
  async build(pnpm) {
    step('Building the shell and the remotes');
    await buildFrontEnd(pnpm);
    return 0;
  },
  async typecheck(pnpm) {
    await run(pnpm, ['-r', '--workspace-concurrency=2', 'typecheck'], { label: 'pnpm -r typecheck' });
    return 0;
  },
  async e2e(pnpm, args) {
    await ensureTestBrowser();
    step('Building the shell and the remotes');
    // A remote that does not build yet should not stop the specs of the others.
    const { failed } = await buildFrontEnd(pnpm, { allowFailure: true });
    if (failed.length > 0) console.warn(`  ! not built: ${failed.join(', ')} (see above)`);
    step('Playwright');
    return run(path.join(REPO_ROOT, 'e2e', 'node_modules', '.bin', 'playwright'), ['test', ...args], {
      cwd: path.join(REPO_ROOT, 'e2e'),
      env: { ...process.env, PASAR_E2E_SKIP_BUILD: '1' },
      allowFailure: true,
    });
  },
  async release(pnpm, args) {
    return release(pnpm, args, { allowFailure: true });
  },
  async admin(pnpm, args) {
    return run(pnpm, ['--silent', '--filter', '@pasar/server', 'admin', ...args], { allowFailure: true });
  },
  async 'bench-web'(pnpm) {
    await ensureChromium();
    await benchWeb(pnpm);
    return 0;
  },
};

runMain(async () => {
  const [command, ...args] = process.argv.slice(2);
  const handler = commands[command];
  if (!handler) {
    console.error(USAGE);
    if (command && command !== 'help') throw new ScriptError(`Unknown command "${command}".`);
    return command ? 0 : 2;
  }
  const pnpm = await ensurePnpm();
  await ensureInstalled(pnpm);
  return handler(pnpm, args);
});
