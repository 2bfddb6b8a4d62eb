// Where the release tool reads builds from and writes deploys to.
import fs from 'node:fs';
import path from 'node:path';
import { releaseConfig } from './release-config';
import { ReleaseError } from './release-errors';

/** The repository root: three levels above `server/src/release`. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface ReleasePaths {
  /** Holds the remotes' folders (`mf-trade/dist`, …). */
  readonly repoRoot: string;
  /** Holds `remotes.json`, `history.json` and `remotes/<name>/<version>/`. */
  readonly deployDir: string;
  /** The shell's build, whose `mf-manifest.json` says which shared modules it provides. */
  readonly shellDist: string;
}

/** Same rules as the server's config: relative folders resolve against the repository root. */
export function releasePathsFromEnv(
  env: Record<string, string | undefined>,
  repoRoot: string = REPO_ROOT,
): ReleasePaths {
  const dir = (value: string | undefined, fallback: string) =>
    path.resolve(repoRoot, value && value.trim() !== '' ? value.trim() : fallback);
  return {
    repoRoot,
    deployDir: dir(env.DEPLOY_DIR, '.deploy'),
    shellDist: dir(env.SHELL_DIST, path.join('shell', 'dist')),
  };
}

export const registryPath = (p: ReleasePaths) => path.join(p.deployDir, releaseConfig.registryFile);
export const historyPath = (p: ReleasePaths) => path.join(p.deployDir, releaseConfig.historyFile);
export const lockPath = (p: ReleasePaths) => path.join(p.deployDir, releaseConfig.lockFile);
export const deployedRemoteDir = (p: ReleasePaths, remote: string) =>
  path.join(p.deployDir, releaseConfig.remotesFolder, remote);
export const deployedVersionDir = (p: ReleasePaths, remote: string, version: string) =>
  path.join(deployedRemoteDir(p, remote), version);
export const remoteDist = (p: ReleasePaths, remote: string) => path.join(p.repoRoot, remote, 'dist');

const REMOTE_FOLDER = /^mf-[a-z0-9]+(-[a-z0-9]+)*$/;

/** Accepts a folder (`mf-trade`) or a federation name (`mf_trade`); returns the folder. */
export function normalizeRemoteName(name: string): string {
  const folder = name.trim().replace(/_/g, '-');
  if (!REMOTE_FOLDER.test(folder)) {
    throw new ReleaseError(`"${name}" is not a remote name (expected mf-<name>, e.g. mf-trade).`);
  }
  return folder;
}

/** Like normalizeRemoteName, and the remote must be a package of the workspace (to build or publish it). */
export function remoteFolderOf(p: ReleasePaths, name: string): string {
  const folder = normalizeRemoteName(name);
  if (!fs.existsSync(path.join(p.repoRoot, folder, 'package.json'))) {
    const known = discoverRemotes(p);
    throw new ReleaseError(
      `There is no remote "${folder}" in ${p.repoRoot}. Known remotes: ${known.join(', ') || '(none)'}.`,
    );
  }
  return folder;
}

/** Every remote of the workspace: the `mf-*` folders with a package.json. */
export function discoverRemotes(p: ReleasePaths): string[] {
  if (!fs.existsSync(p.repoRoot)) return [];
  return fs
    .readdirSync(p.repoRoot, { withFileTypes: true })
    .filter((d) => d.isDirectory() && REMOTE_FOLDER.test(d.name))
    .filter((d) => fs.existsSync(path.join(p.repoRoot, d.name, 'package.json')))
    .map((d) => d.name)
    .sort();
}
