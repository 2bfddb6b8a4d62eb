// `release rollback`: point the registry back at a version that is already on disk.
import fs from 'node:fs/promises';
import path from 'node:path';
import { federationNameOf } from '@pasar/shared/contract';
import { checkCompatibility } from './compatibility-check';
import { deployedVersions } from './deployed-versions';
import { withFileLock } from './file-lock';
import { entryFor, normalizeEntryBase, warnNotProvided } from './publish-command';
import type { ReleaseContext } from './release-context';
import { IncompatibleRemoteError, ReleaseError } from './release-errors';
import { appendHistory, entryBeforeMove, lastEntryTo, previouslyLive, readHistory, type ReleaseHistory } from './release-history';
import { deployedVersionDir, lockPath, normalizeRemoteName } from './release-paths';
import { pointRemote, readRegistry, writeRegistry } from './registry-store';
import { readManifest } from './remote-manifest';

export interface RollbackRequest {
  remote: string;
  /** A version on disk; without it, the version that was live before the current one. */
  to?: string;
  entryBase?: string;
  /** Skip the compatibility check (an emergency, when the shell's build is not at hand). */
  force?: boolean;
}

export interface RollbackOutcome {
  remote: string;
  from: string | null;
  to: string;
  entry: string;
  changed: boolean;
}

export async function rollbackRemote(ctx: ReleaseContext, request: RollbackRequest): Promise<RollbackOutcome> {
  const remote = normalizeRemoteName(request.remote);
  const key = federationNameOf(remote);
  return withFileLock(lockPath(ctx.paths), async () => {
    const registry = await readRegistry(ctx.paths);
    const history = await readHistory(ctx.paths);
    const current = registry.remotes[key];
    const onDisk = (await deployedVersions(ctx.paths, remote)).map((v) => v.version);
    const available = onDisk.length > 0 ? onDisk.join(', ') : '(none)';

    let target: string;
    let movedFrom: string | undefined;
    if (request.to !== undefined) {
      target = request.to;
      if (!onDisk.includes(target)) {
        throw new ReleaseError(`${remote} has no version ${target} on disk. Versions on disk: ${available}.`);
      }
    } else {
      if (!current) throw new ReleaseError(`${remote} is not live (not in the registry); there is nothing to roll back.`);
      // When the last change only moved the live version (say, to a CDN), undo that move.
      movedFrom = entryBeforeMove(history, remote, current);
      target = movedFrom !== undefined ? current.version : versionLiveBefore(history, remote, current.version, onDisk);
    }

    const entry =
      request.entryBase === undefined && movedFrom !== undefined
        ? movedFrom
        : chooseEntry(request, remote, target, current, lastEntryTo(history, remote, target)?.entry);
    if (current?.version === target && current.entry === entry) {
      ctx.log(`${remote}: ${target} is already live; nothing changed`);
      return { remote, from: current.version, to: target, entry, changed: false };
    }

    if (!request.force) await assertCompatible(ctx, remote, target);

    const now = ctx.now();
    await writeRegistry(ctx.paths, pointRemote(registry, key, { version: target, entry }, now));
    await appendHistory(ctx.paths, {
      time: now.toISOString(),
      remote,
      action: 'rollback',
      from: current?.version ?? null,
      to: target,
      entry,
    });
    return { remote, from: current?.version ?? null, to: target, entry, changed: true };
  });
}

/** The version live before `current`, which must still be on disk. */
function versionLiveBefore(history: ReleaseHistory, remote: string, current: string, onDisk: string[]): string {
  const available = onDisk.length > 0 ? onDisk.join(', ') : '(none)';
  const made = previouslyLive(history, remote, current);
  if (!made || made.from === null) {
    throw new ReleaseError(
      `The history has no version of ${remote} that was live before ${current}. ` +
        `Name one with --to <version>; versions on disk: ${available}.`,
    );
  }
  if (!onDisk.includes(made.from)) {
    throw new ReleaseError(
      `${remote} ${made.from} was live before ${current}, but its folder is no longer on disk. ` +
        `Name another with --to <version>; versions on disk: ${available}.`,
    );
  }
  return made.from;
}

/**
 * Where the rolled-back version is served from: an explicit --entry-base; else the same base
 * as the live entry (the deploy's current home); else the URL it had when it was last live.
 */
function chooseEntry(
  request: RollbackRequest,
  remote: string,
  target: string,
  current: { version: string; entry: string } | undefined,
  recorded: string | undefined,
): string {
  if (request.entryBase !== undefined) return entryFor(normalizeEntryBase(request.entryBase), remote, target);
  if (current) {
    const suffix = `/${remote}/${current.version}/mf-manifest.json`;
    if (current.entry.endsWith(suffix)) {
      return `${current.entry.slice(0, -suffix.length)}/${remote}/${target}/mf-manifest.json`;
    }
  }
  return recorded ?? entryFor(undefined, remote, target);
}

/** The shell may have moved on since that version was live: check again, unless the shell is not at hand. */
async function assertCompatible(ctx: ReleaseContext, remote: string, version: string): Promise<void> {
  const shellManifest = path.join(ctx.paths.shellDist, 'mf-manifest.json');
  try {
    await fs.access(shellManifest);
  } catch {
    ctx.log(`warning: ${shellManifest} not found; rolling back without the compatibility check`);
    return;
  }
  const shell = await readManifest(shellManifest, 'The shell', '');
  const dir = deployedVersionDir(ctx.paths, remote, version);
  const manifest = await readManifest(path.join(dir, 'mf-manifest.json'), `${remote} ${version}`, 'The version folder is incomplete.');
  const { problems, notProvided } = checkCompatibility(shell, manifest);
  warnNotProvided(ctx, remote, notProvided);
  if (problems.length > 0) {
    throw new IncompatibleRemoteError(`${remote} ${version}`, problems, 'roll back to');
  }
}
