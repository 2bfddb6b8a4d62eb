// Test fixtures: a throwaway repository with a built shell and remotes, no webpack involved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReleaseContext } from './release-context';
import type { ReleasePaths } from './release-paths';

export interface SharedFixture {
  name: string;
  version: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

export const DEFAULT_SHARED: SharedFixture[] = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: '@pasar/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
];

export function manifest(name: string, shared: SharedFixture[]): string {
  return JSON.stringify({
    id: name,
    name,
    metaData: { name, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    shared: shared.map((s) => ({ id: `${name}:${s.name}`, ...s, assets: { js: { sync: [], async: [] } } })),
    remotes: [],
    exposes: [],
  });
}

export interface Fixture {
  root: string;
  paths: ReleasePaths;
  /** Log lines the commands printed. */
  logs: string[];
  /** Remotes the fake builder was asked to build, with their labels. */
  builds: Array<{ remote: string; label: string | undefined }>;
  ctx: ReleaseContext;
  /** Writes (or rewrites) a remote's dist; `content` changes the chunk, so the version. */
  buildRemote(remote: string, content?: string, shared?: SharedFixture[], packageVersion?: string): void;
  buildShell(shared?: SharedFixture[]): void;
  registryText(): string | undefined;
  cleanup(): void;
}

export function makeFixture(options: { clock?: () => Date } = {}): Fixture {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-release-'));
  const paths: ReleasePaths = {
    repoRoot: root,
    deployDir: path.join(root, '.deploy'),
    shellDist: path.join(root, 'shell', 'dist'),
  };
  const logs: string[] = [];
  const builds: Fixture['builds'] = [];
  let tick = Date.parse('2026-01-01T00:00:00.000Z');

  const buildRemote: Fixture['buildRemote'] = (remote, content = 'v1', shared = DEFAULT_SHARED, packageVersion = '0.1.0') => {
    const dir = path.join(root, remote);
    const dist = path.join(dir, 'dist');
    fs.rmSync(dist, { recursive: true, force: true });
    fs.mkdirSync(path.join(dist, 'nested'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `@pasar/${remote}`, version: packageVersion }));
    const fed = remote.replace(/-/g, '_');
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), manifest(fed, shared));
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var ${fed} = "${content}";`);
    fs.writeFileSync(path.join(dist, 'nested', `chunk.${content}.js`), `console.log(${JSON.stringify(content)});`);
  };

  const ctx: ReleaseContext = {
    paths,
    now: options.clock ?? (() => new Date((tick += 1000))),
    log: (line) => logs.push(line),
    // Like the real builder: a labelled build goes to a folder of its own, never into dist/.
    build: async (remote, label) => {
      builds.push({ remote, label });
      if (label === undefined) return undefined;
      const out = fs.mkdtempSync(path.join(root, `labelled-${remote}-`));
      fs.cpSync(path.join(root, remote, 'dist'), out, { recursive: true });
      fs.writeFileSync(path.join(out, 'label.txt'), label);
      return out;
    },
  };

  return {
    root,
    paths,
    logs,
    builds,
    ctx,
    buildRemote,
    buildShell(shared = DEFAULT_SHARED) {
      fs.mkdirSync(paths.shellDist, { recursive: true });
      fs.writeFileSync(path.join(paths.shellDist, 'mf-manifest.json'), manifest('shell', shared));
    },
    registryText() {
      const file = path.join(paths.deployDir, 'remotes.json');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    },
    cleanup() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Every file name under `dir`, recursively, relative to it. */
export function allFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => f.toString()).sort();
}
