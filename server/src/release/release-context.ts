// What the commands need from the outside world, injectable so tests run without webpack.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ReleaseError } from './release-errors';
import type { ReleasePaths } from './release-paths';

/**
 * Builds one remote and resolves to the folder it built into: the remote's own `dist/`
 * (`undefined`), or — for a labelled build — a temporary folder, so the label never lingers in
 * `dist/` for a later `--no-build` publish to ship by mistake. The caller removes that folder.
 */
export type RemoteBuilder = (remote: string, label: string | undefined) => Promise<string | undefined>;

export interface ReleaseContext {
  readonly paths: ReleasePaths;
  readonly now: () => Date;
  readonly log: (line: string) => void;
  readonly build: RemoteBuilder;
}

/** pnpm as the caller ran us (pnpm sets npm_execpath), else the repo-local copy, else PATH. */
export function pnpmCommand(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const execPath = env.npm_execpath;
  if (execPath && /^pnpm(\.exe)?$/.test(path.basename(execPath))) return execPath;
  const local = path.join(repoRoot, '.tools', 'node_modules', '.bin', 'pnpm');
  return fs.existsSync(local) ? local : 'pnpm';
}

/** The real builder: the package's own `build` script (`webpack --mode production`). */
export function pnpmBuilder(repoRoot: string, log: (line: string) => void): RemoteBuilder {
  return (remote, label) =>
    new Promise<string | undefined>((resolve, reject) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, remote, 'package.json'), 'utf8')) as { name: string };
      const pnpm = pnpmCommand(repoRoot);
      const env = { ...process.env };
      const args = ['--filter', pkg.name, 'build'];
      let outDir: string | undefined;
      if (label !== undefined) {
        env.PASAR_BUILD_LABEL = label;
        outDir = fs.mkdtempSync(path.join(os.tmpdir(), `pasar-release-${remote}-`));
        args.push('--output-path', outDir);
      }
      log(`building ${remote}${label ? ` (label "${label}")` : ''}: pnpm ${args.join(' ')}`);
      const child = spawn(pnpm, args, { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('error', (error) => reject(new ReleaseError(`Could not run ${pnpm}: ${error.message}`)));
      child.on('exit', (code, signal) => {
        if (code === 0) return resolve(outDir);
        if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
        reject(new ReleaseError(`Building ${remote} failed (${signal ?? `exit ${code}`}); nothing was published.`));
      });
    });
}
