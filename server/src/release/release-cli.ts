// Argument parsing and output of `pnpm release <command>`; cli.ts only calls this.
import { parseArgs } from 'node:util';
import { listReleases, formatListings } from './list-command';
import { publishRemotes } from './publish-command';
import { pnpmBuilder, type ReleaseContext } from './release-context';
import { ReleaseError } from './release-errors';
import { discoverRemotes, releasePathsFromEnv } from './release-paths';
import { rollbackRemote } from './rollback-command';

export const USAGE = `Usage: pnpm release <command>

  publish <remote>... [--no-build] [--label <text>] [--entry-base <url>]
  publish --all       [--no-build] [--label <text>] [--entry-base <url>]
      Build the remote (PASAR_BUILD_LABEL=<label> when --label is given), copy its dist into
      <deploy>/remotes/<remote>/<version>/ (version = <package version>-<content hash>), check the
      shell can satisfy its shared singletons, then point the registry at it. Several remotes
      (or --all) go live in one registry write, or none does if one is refused.
      --entry-base: absolute URL serving the deploy's remotes/ folder (a CDN, a second origin);
      an origin alone means <origin>/remotes.
  rollback <remote> [--to <version>] [--entry-base <url>] [--force]
      Point the registry back at the version live before the current one, or at --to. When the
      last change only moved the live version to another address (--entry-base), undo that move.
  list [<remote>] [--json]
      Versions on disk, which one is live, and the history of what was live when.

Remotes are named by folder (mf-trade) or federation name (mf_trade).
Environment: DEPLOY_DIR (default <repo>/.deploy), SHELL_DIST (default <repo>/shell/dist).`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

class UsageError extends Error {}

/** Runs one command; resolves to the process exit code (0 ok, 1 refused or failed, 2 usage). */
export async function runReleaseCli(
  argv: string[],
  options: { env?: Record<string, string | undefined>; io?: CliIo; context?: Partial<ReleaseContext> } = {},
): Promise<number> {
  const io = options.io ?? consoleIo;
  const paths = options.context?.paths ?? releasePathsFromEnv(options.env ?? process.env);
  const ctx: ReleaseContext = {
    paths,
    now: options.context?.now ?? (() => new Date()),
    log: options.context?.log ?? io.out,
    build: options.context?.build ?? pnpmBuilder(paths.repoRoot, io.out),
  };

  try {
    const [command, ...rest] = argv;
    switch (command) {
      case 'publish':
        return await publish(ctx, io, rest);
      case 'rollback':
        return await rollback(ctx, io, rest);
      case 'list':
        return await list(ctx, io, rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`release: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ReleaseError) {
      io.err(`release: ${error.message}`);
      return 1;
    }
    io.err(`release: unexpected failure: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

async function publish(ctx: ReleaseContext, io: CliIo, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      all: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      label: { type: 'string' },
      'entry-base': { type: 'string' },
    },
  });
  if (values.all && positionals.length > 0) throw new UsageError('Pass either a remote or --all, not both.');
  if (!values.all && positionals.length === 0) throw new UsageError('publish takes a remote (or several, or --all).');
  const remotes = values.all ? discoverRemotes(ctx.paths) : positionals;
  if (values.all && remotes.length === 0) throw new ReleaseError(`No remote (mf-* folder) found in ${ctx.paths.repoRoot}.`);

  const outcomes = await publishRemotes(ctx, {
    remotes,
    build: !values['no-build'],
    ...(values.label !== undefined ? { label: values.label } : {}),
    ...(values['entry-base'] !== undefined ? { entryBase: values['entry-base'] } : {}),
  });
  for (const o of outcomes) {
    const folder = o.createdFolder ? 'new folder' : 'folder reused';
    const live = o.changed ? `live: ${o.previous ?? 'none'} → ${o.version}` : `already live: ${o.version}`;
    io.out(`${o.remote}: ${o.version} (${folder}); ${live}; entry ${o.entry}`);
  }
  io.out(`registry: ${ctx.paths.deployDir}/remotes.json`);
  return 0;
}

async function rollback(ctx: ReleaseContext, io: CliIo, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      'entry-base': { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError('rollback takes one remote.');
  const outcome = await rollbackRemote(ctx, {
    remote: positionals[0]!,
    force: values.force,
    ...(values.to !== undefined ? { to: values.to } : {}),
    ...(values['entry-base'] !== undefined ? { entryBase: values['entry-base'] } : {}),
  });
  if (outcome.changed) io.out(`${outcome.remote}: rolled back, live: ${outcome.from ?? 'none'} → ${outcome.to}; entry ${outcome.entry}`);
  return 0;
}

async function list(ctx: ReleaseContext, io: CliIo, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false } },
  });
  if (positionals.length > 1) throw new UsageError('list takes at most one remote.');
  const listings = await listReleases(ctx, positionals[0]);
  io.out(values.json ? JSON.stringify(listings, null, 2) : formatListings(listings));
  return 0;
}
