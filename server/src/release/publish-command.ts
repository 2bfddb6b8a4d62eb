// `release publish`: build, name by content, copy into an immutable folder, check, repoint.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { federationNameOf, type RegistryEntry } from '@pasar/shared/contract';
import { checkCompatibility } from './compatibility-check';
import { withFileLock } from './file-lock';
import { releaseConfig } from './release-config';
import type { ReleaseContext } from './release-context';
import { IncompatibleRemoteError, ReleaseError } from './release-errors';
import { appendHistory } from './release-history';
import { deployedRemoteDir, deployedVersionDir, lockPath, remoteDist, remoteFolderOf } from './release-paths';
import { pointRemote, readRegistry, writeRegistry } from './registry-store';
import { readManifest, type FederationManifest } from './remote-manifest';
import { hashDirectory, listFiles, versionName } from './version-naming';

export interface PublishRequest {
  /** Folders (`mf-trade`) or federation names (`mf_trade`). */
  remotes: string[];
  build: boolean;
  label?: string;
  /** Absolute URL that serves the deploy's `remotes/` folder (a CDN or a second origin). */
  entryBase?: string;
}

export interface PublishOutcome {
  remote: string;
  version: string;
  entry: string;
  /** The version live before, or null when the remote was not live. */
  previous: string | null;
  /** False when a folder with the same content was already on disk. */
  createdFolder: boolean;
  /** False when the registry already pointed at this version and entry. */
  changed: boolean;
}

const SHELL_HINT =
  'The compatibility check needs the shell\'s build to know which shared modules it provides: ' +
  'run `pnpm --filter @pasar/shell build` (or set SHELL_DIST to the live shell\'s build).';

/** `<base>/<remote>/<version>/mf-manifest.json`; the base is `/remotes` unless a URL is given. */
export function entryFor(entryBase: string | undefined, remote: string, version: string): string {
  return `${normalizeEntryBase(entryBase)}/${remote}/${version}/mf-manifest.json`;
}

export function normalizeEntryBase(entryBase: string | undefined): string {
  if (entryBase === undefined) return releaseConfig.defaultEntryBase;
  let url: URL;
  try {
    url = new URL(entryBase);
  } catch {
    throw new ReleaseError(`--entry-base must be an absolute http(s) URL, got "${entryBase}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ReleaseError(`--entry-base must be an http(s) URL, got "${entryBase}".`);
  }
  if (url.search || url.hash) throw new ReleaseError(`--entry-base must not carry a query or fragment: "${entryBase}".`);
  // An origin alone means "served like this server serves it", under /remotes.
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${pathname === '' ? releaseConfig.defaultEntryBase : pathname}`;
}

interface Prepared {
  remote: string;
  dist: string;
  hash: string;
  version: string;
  entry: string;
}

export async function publishRemotes(ctx: ReleaseContext, request: PublishRequest): Promise<PublishOutcome[]> {
  if (request.remotes.length === 0) throw new ReleaseError('Nothing to publish: name a remote or pass --all.');
  const remotes = [...new Set(request.remotes.map((r) => remoteFolderOf(ctx.paths, r)))];
  const entryBase = request.entryBase === undefined ? undefined : normalizeEntryBase(request.entryBase);

  // Where each remote was built: its dist/, or a temporary folder for a labelled build.
  const builtInto = new Map<string, string>();
  if (request.build) {
    for (const remote of remotes) {
      const folder = await ctx.build(remote, request.label);
      if (folder !== undefined) builtInto.set(remote, folder);
    }
  } else if (request.label !== undefined) {
    ctx.log(`note: --no-build, so the label "${request.label}" is recorded in the history only, not baked into the build`);
  }

  try {
    return await publishBuilt(ctx, request, remotes, entryBase, builtInto);
  } finally {
    // A labelled build lived in a temporary folder; its copy is in the deploy now (or refused).
    for (const folder of builtInto.values()) await fs.rm(folder, { recursive: true, force: true });
  }
}

async function publishBuilt(
  ctx: ReleaseContext,
  request: PublishRequest,
  remotes: string[],
  entryBase: string | undefined,
  builtInto: ReadonlyMap<string, string>,
): Promise<PublishOutcome[]> {
  const shell = await readManifest(path.join(ctx.paths.shellDist, 'mf-manifest.json'), 'The shell', SHELL_HINT);
  const prepared: Prepared[] = [];
  const refusals: IncompatibleRemoteError[] = [];
  for (const remote of remotes) {
    const dist = builtInto.get(remote) ?? remoteDist(ctx.paths, remote);
    const manifest = await readManifest(
      path.join(dist, 'mf-manifest.json'),
      remote,
      `Build it with \`pnpm --filter @pasar/${remote} build\`${request.build ? '' : ', or publish without --no-build'}.`,
    );
    assertNamed(remote, manifest);
    const { problems, notProvided } = checkCompatibility(shell, manifest);
    if (problems.length > 0) {
      refusals.push(new IncompatibleRemoteError(remote, problems));
      continue;
    }
    warnNotProvided(ctx, remote, notProvided);
    const hash = await hashDirectory(dist);
    const version = versionName(await packageVersion(ctx, remote), hash);
    prepared.push({ remote, dist, hash, version, entry: entryFor(entryBase, remote, version) });
  }
  if (refusals.length === 1) throw refusals[0]!;
  if (refusals.length > 1) {
    throw new ReleaseError(`${refusals.map((r) => r.message).join('\n\n')}\n\nNothing was published.`);
  }

  return withFileLock(lockPath(ctx.paths), async () => {
    const created = new Map<string, boolean>();
    for (const p of prepared) created.set(p.remote, await ensureVersionFolder(ctx, p));

    // One registry write for the whole set: `--all` goes live together or not at all.
    const now = ctx.now();
    let registry = await readRegistry(ctx.paths);
    const outcomes: PublishOutcome[] = [];
    for (const p of prepared) {
      const current: RegistryEntry | undefined = registry.remotes[federationNameOf(p.remote)];
      const changed = current?.version !== p.version || current?.entry !== p.entry;
      if (changed) registry = pointRemote(registry, federationNameOf(p.remote), { version: p.version, entry: p.entry }, now);
      outcomes.push({
        remote: p.remote,
        version: p.version,
        entry: p.entry,
        previous: current?.version ?? null,
        createdFolder: created.get(p.remote) ?? false,
        changed,
      });
    }
    if (outcomes.some((o) => o.changed)) await writeRegistry(ctx.paths, registry);
    for (const o of outcomes.filter((x) => x.changed)) {
      await appendHistory(ctx.paths, {
        time: now.toISOString(),
        remote: o.remote,
        action: 'publish',
        from: o.previous,
        to: o.version,
        entry: o.entry,
        ...(request.label !== undefined ? { label: request.label } : {}),
      });
    }
    return outcomes;
  });
}

export function warnNotProvided(ctx: ReleaseContext, remote: string, modules: string[]): void {
  if (modules.length === 0) return;
  ctx.log(
    `warning: ${remote} shares ${modules.join(', ')} as singleton(s) the shell does not share; ` +
      'the remote brings its own copy.',
  );
}

function assertNamed(remote: string, manifest: FederationManifest): void {
  if (manifest.name !== undefined && manifest.name !== federationNameOf(remote)) {
    throw new ReleaseError(
      `${remote}'s manifest names the container "${manifest.name}", but the registry key would be "${federationNameOf(remote)}".`,
    );
  }
}

async function packageVersion(ctx: ReleaseContext, remote: string): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(ctx.paths.repoRoot, remote, 'package.json'), 'utf8')) as {
    version?: string;
  };
  if (!pkg.version) throw new ReleaseError(`${remote}/package.json has no "version".`);
  return pkg.version;
}

/**
 * Copies the build into `<deploy>/remotes/<remote>/<version>/` unless it is there already.
 * The copy goes to a temp folder first and is renamed into place, so a version folder is
 * either complete or absent. Returns true when it created the folder.
 */
async function ensureVersionFolder(ctx: ReleaseContext, p: Prepared): Promise<boolean> {
  const target = deployedVersionDir(ctx.paths, p.remote, p.version);
  if (await exists(target)) {
    if ((await hashDirectory(target)) !== p.hash) {
      throw new ReleaseError(
        `${target} exists with different content. Versions are immutable, so it was not overwritten; ` +
          'if it is a damaged copy, remove it by hand and publish again.',
      );
    }
    ctx.log(`${p.remote}: ${p.version} is already on disk with the same content; reusing it`);
    return false;
  }
  const parent = deployedRemoteDir(ctx.paths, p.remote);
  await fs.mkdir(parent, { recursive: true });
  const temp = path.join(parent, `.${p.version}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    for (const rel of await listFiles(p.dist)) {
      const to = path.join(temp, rel);
      await fs.mkdir(path.dirname(to), { recursive: true });
      await fs.copyFile(path.join(p.dist, rel), to);
    }
    if ((await hashDirectory(temp)) !== p.hash) {
      throw new ReleaseError(`${p.dist} changed while it was being published (a build running?); try again.`);
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
  return true;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
