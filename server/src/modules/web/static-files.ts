// Where the front end's files are and how long browsers may keep them.
import fs from 'node:fs/promises';
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A content hash in the file name (`main.3f9a1c2b.js`, `523.a1b2c3d4e5.chunk.js`). */
const HASHED_NAME = /[.-][0-9a-f]{8,}\./i;

/** Entry points of a remote: fixed names, so a browser must revalidate them. */
const REMOTE_ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

export function shellCacheControl(filePath: string): string {
  const name = path.basename(filePath);
  return name !== 'index.html' && HASHED_NAME.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * Entry files have fixed names, so they revalidate (a cache never pins a stale entry); hashed
 * chunks never change and are kept forever.
 */
export function remoteCacheControl(filePath: string): string {
  const name = path.basename(filePath);
  if (REMOTE_ENTRY_FILES.has(name) || name.endsWith('.html')) return REVALIDATE;
  return HASHED_NAME.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * The file under `root` a URL path names, or undefined when there is none (or when the path
 * tries to leave `root` or names a dotfile).
 */
export async function resolveFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.') || s.includes('\\'))) return undefined;
  const absolute = path.resolve(root, ...segments);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return undefined;
  try {
    const stat = await fs.stat(absolute);
    return stat.isFile() ? path.relative(root, absolute) : undefined;
  } catch {
    return undefined;
  }
}

export const SHELL_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Pasar is not built yet</title><link rel="icon" href="data:,"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Pasar's web app is not built yet</h1>
<p>The API is running, but the shell's build was not found. From the repository root, run
<code>npm start</code>: it builds the shell and the remotes, then starts the server.</p>
<p>The API's health is at <a href="/api/health">/api/health</a> and its documentation at <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;
