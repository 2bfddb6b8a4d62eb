// What the guest trade page loads first, read from the built files alone (no browser, no server):
// the shell's `main.js`, the chunks its entry imports and the shared modules they consume, the
// remote's `remoteEntry.js` and the chunks of its exposed module, and the chunks the page asks for
// once it is idle (the chart). Each file is gzipped here (level 9), as `bench:web` does, so the
// figure depends on the bytes of the build only. The chunk graph comes from the webpack runtimes
// (`main.js`, `remoteEntry.js`): their chunk-file map, the shared modules each chunk consumes, the
// chunks that provide each shared module, the entry's and the exposed module's chunk lists.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT, ScriptError } from './repo.mjs';

const unreadable = (what, file) =>
  new ScriptError(`first-load: cannot read ${what} in ${path.relative(REPO_ROOT, file)} (has webpack's runtime changed? see scripts/lib/first-load.mjs)`);

/** `{528:"a",948:"b"}` (a minified object literal with number keys) as an object. */
const objectLiteral = (text) => JSON.parse(text.replace(/([{,])(\d+):/g, '$1"$2":'));

/** Every chunk id a `__webpack_require__.e(…)` list names, in order. */
const chunkIds = (text) => [...text.matchAll(/\.e\((\d+)\)/g)].map((m) => Number(m[1]));

/** One webpack runtime (a host's `main.js` or a remote's `remoteEntry.js`) and its build folder. */
function readRuntime(dir, runtimeFile) {
  const file = path.join(dir, runtimeFile);
  if (!fs.existsSync(file)) throw new ScriptError(`first-load: ${path.relative(REPO_ROOT, file)} is missing; build first (pnpm build)`);
  const code = fs.readFileSync(file, 'utf8');

  // `.u=e=>(({id:"name",…})[e]||e)+"."+({id:"hash",…})[e]+".js"`: the file of each chunk.
  const u = /\.u=\w+=>(?:\(\((\{[^}]*\})\)\[\w+\]\|\|\w+\)|\w+)\+"\."\+\((\{[^}]*\})\)\[\w+\]\+"\.js"/.exec(code);
  if (!u) throw unreadable('the chunk-file map', file);
  const names = u[1] ? objectLiteral(u[1]) : {};
  const hashes = objectLiteral(u[2]);
  const fileOf = (id) => (hashes[id] ? `${names[id] ?? id}.${hashes[id]}.js` : undefined);
  const idOfName = (name) => Number(Object.keys(names).find((id) => names[id] === name));

  // `consumesLoadingData.chunkMapping={chunk:[module,…],…}` and `module:{fallback:…,shareKey:"x"}`.
  const mapping = /consumesLoadingData\.chunkMapping=(\{[^}]*\})/.exec(code);
  const consumes = mapping ? JSON.parse(mapping[1].replace(/(\d+):/g, '"$1":')) : {};
  const handlers = {};
  for (const m of code.matchAll(/[{,](\d+):\{fallback:(.*?)shareKey:"([^"]+)"\}/g)) {
    handlers[m[1]] = { shareKey: m[3], fallback: chunkIds(m[2].slice(0, m[2].indexOf('.then('))) };
  }
  /** The shared modules a chunk consumes: their keys and this build's own (fallback) chunks. */
  const consumed = (id) => (consumes[id] ?? []).map((moduleId) => {
    if (!handlers[moduleId]) throw unreadable(`the shared module consumed as ${moduleId}`, file);
    return handlers[moduleId];
  });

  /** The chunks that provide a shared module: `("key","version",()=>…e(1)…e(2)….then(`. */
  const providerChunks = (key) => {
    const at = code.indexOf(`("${key}","`);
    if (at < 0) return undefined;
    const factory = code.slice(at, code.indexOf('.then(', at));
    return chunkIds(factory);
  };
  return { dir, file, code, fileOf, idOfName, consumed, providerChunks };
}

/** The chunk ids of the first `Promise.all([….e(…)…])` (or single `.e(…)`) after `marker`. */
function chunkListAfter(runtime, marker, what) {
  const at = runtime.code.indexOf(marker);
  if (at < 0) throw unreadable(what, runtime.file);
  const list = chunkIds(runtime.code.slice(at, runtime.code.indexOf('.then(', at)));
  if (list.length === 0) throw unreadable(what, runtime.file);
  return list;
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * A load in progress: the files fetched so far. `load(runtime, ids)` adds the chunks' files and,
 * for every shared module they consume, the host's chunks that provide it (the host's copy is the
 * singleton every remote uses) or, for a module the host does not share, the build's own copy.
 */
function createLoad(host) {
  const files = new Map();
  const seen = new Set();
  const add = (dir, name, role) => {
    const file = path.join(dir, name);
    if (files.has(file)) return;
    if (!fs.existsSync(file)) throw new ScriptError(`first-load: ${path.relative(REPO_ROOT, file)} is named by the runtime but missing`);
    files.set(file, { file: path.relative(path.dirname(path.dirname(dir)), file), path: file, role, raw: fs.statSync(file).size, gzip: gzipSize(file) });
  };
  const load = (runtime, ids, role) => {
    for (const id of ids) {
      const key = `${runtime.file}#${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const name = runtime.fileOf(id);
      if (name) add(runtime.dir, name, role);
      for (const { shareKey, fallback } of runtime.consumed(id)) {
        const provided = host.providerChunks(shareKey);
        if (provided) load(host, provided, role);
        else load(runtime, fallback, role);
      }
    }
  };
  return { files, add, load };
}

/** The host's first load: `main.js` and what its entry module imports (the bootstrap). */
function loadShell(load, host) {
  load.add(host.dir, path.basename(host.file), 'page');
  const entry = /\w\((\d+)\)\}\)\(\);\s*(?:\/\/# sourceMappingURL=\S+\s*)?$/.exec(host.code);
  if (!entry) throw unreadable('the entry module', host.file);
  const body = new RegExp(`[{,]${entry[1]}(?:\\(|:)`).exec(host.code);
  if (!body) throw unreadable(`the entry module ${entry[1]}`, host.file);
  load.load(host, chunkListAfter({ ...host, code: host.code.slice(body.index) }, '.e(', "the entry module's import"), 'page');
}

/** A remote's initial load: `remoteEntry.js` and the chunks of one exposed module. */
function loadRemote(load, host, remote, expose, role = 'page') {
  load.add(remote.dir, path.basename(remote.file), role);
  load.load(remote, chunkListAfter(remote, `"${expose}":()=>`, `the exposed module ${expose}`), role);
}

/**
 * The chunks a remote's loaded code fetches for a named chunk (a named dynamic import):
 * the `Promise.all([….e(…)…])` that names it, found in the files loaded so far.
 */
function namedChunkGroup(load, remote, name) {
  const id = remote.idOfName(name);
  if (!Number.isFinite(id)) throw new ScriptError(`first-load: no chunk named "${name}" in ${path.relative(REPO_ROOT, remote.dir)}`);
  for (const { path: file } of load.files.values()) {
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/Promise\.all\(\[([^\]]*)\]\)/g)) {
      const ids = chunkIds(m[1]);
      if (ids.includes(id)) return ids;
    }
    if (new RegExp(`\\.e\\(${id}\\)`).test(code)) return [id];
  }
  throw new ScriptError(`first-load: no loaded file of ${path.relative(REPO_ROOT, remote.dir)} imports the chunk "${name}"`);
}

const sum = (files, role) => files.filter((f) => !role || f.role === role).reduce((n, f) => n + f.gzip, 0);

/**
 * The guest page's first load. `page` = { remote: 'mf-trade', expose: './Module', afterIdle:
 * ['chart-engine'] }: the remote its route mounts and the named chunks it loads once idle.
 * Returns every file with its role ('page' or 'after idle') and gzip bytes, and the totals.
 */
export function measureFirstLoad(page, root = REPO_ROOT) {
  const host = readRuntime(path.join(root, 'shell', 'dist'), 'main.js');
  const remote = readRuntime(path.join(root, page.remote, 'dist'), 'remoteEntry.js');
  const load = createLoad(host);
  loadShell(load, host);
  loadRemote(load, host, remote, page.expose);
  for (const name of page.afterIdle ?? []) load.load(remote, namedChunkGroup(load, remote, name), 'after idle');
  const files = [...load.files.values()].sort((a, b) => b.gzip - a.gzip);
  return { files, gzip: sum(files), beforeIdle: sum(files, 'page'), afterIdle: sum(files, 'after idle') };
}

/**
 * Each app's own initial chunks, gzipped: the shell's `main.js` and its entry's chunks (shared
 * modules included), and for a remote its `remoteEntry.js` and its exposed module's chunks (the
 * shared modules it consumes come from the shell, so they are not its own).
 */
export function measureInitialChunks(remotes, expose = './Module', root = REPO_ROOT) {
  const host = readRuntime(path.join(root, 'shell', 'dist'), 'main.js');
  const out = {};
  const shell = createLoad(host);
  loadShell(shell, host);
  out.shell = sum([...shell.files.values()]);
  for (const name of remotes) {
    const remote = readRuntime(path.join(root, name, 'dist'), 'remoteEntry.js');
    const own = createLoad(host);
    loadRemote(own, host, remote, expose);
    const dir = `${remote.dir}${path.sep}`;
    out[name] = [...own.files.values()].filter((f) => f.path.startsWith(dir)).reduce((n, f) => n + f.gzip, 0);
  }
  return out;
}
