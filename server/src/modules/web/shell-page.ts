// The shell's index.html as served to a navigation: the live registry inlined (a JSON data block,
// so the shell skips its `/remotes.json` round trip) and preload hints for the remote that owns
// the requested path (its manifest, remoteEntry.js and `./Module` chunks), so the browser fetches
// them in parallel with the shell's own scripts instead of one hop after another.
import fs from 'node:fs/promises';
import path from 'node:path';
import { remoteForPath, stripLocalePrefix, type RemoteRegistry } from '@pasar/shared/contract';

/** The id of the data block; the shell's federation runtime reads it (shell/src/remotes). */
export const INLINE_REGISTRY_ID = 'pasar-registry';

/** What to preload for one remote version, hrefs as the browser will request them. */
export interface RemotePreloads {
  readonly manifest: string;
  readonly scripts: readonly string[];
}

interface ManifestShape {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ name?: unknown; path?: unknown; assets?: { js?: { sync?: unknown; async?: unknown } } }>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/**
 * The hrefs a manifest's remote needs for `./Module`, resolved the way the federation runtime
 * does (against the manifest's folder when publicPath is `auto`). Entries on another origin than
 * the manifest's are left out: the page's CSP was not necessarily built for them.
 */
export function preloadsFromManifest(manifestUrl: string, manifest: ManifestShape): RemotePreloads {
  const base = new URL(manifestUrl, 'http://pasar.invalid/');
  const publicPath = manifest.metaData?.publicPath;
  const root = typeof publicPath === 'string' && publicPath !== 'auto' ? new URL(publicPath, base) : new URL('./', base);
  const relative = !ABSOLUTE.test(manifestUrl);
  const href = (file: string): string | undefined => {
    let url: URL;
    try {
      url = new URL(file, root);
    } catch {
      return undefined;
    }
    if (url.origin !== base.origin || !/^https?:$/.test(url.protocol)) return undefined;
    return relative ? `${url.pathname}${url.search}` : url.href;
  };

  const scripts: string[] = [];
  const entry = manifest.metaData?.remoteEntry;
  if (entry && typeof entry.name === 'string') {
    const dir = typeof entry.path === 'string' && entry.path !== '' ? `${entry.path.replace(/\/+$/, '')}/` : '';
    const url = href(`${dir}${entry.name}`);
    if (url) scripts.push(url);
  }
  const expose = manifest.exposes?.find((e) => e.path === './Module' || e.name === 'Module');
  // The sync list only: the async list holds every lazy chunk of every page of the remote (and
  // shared fallbacks the shell already provides), so preloading it fetched ~90 KB gzipped the
  // page never ran and delayed its first paint (measured with `npm run bench:web`).
  for (const file of strings(expose?.assets?.js?.sync)) {
    const url = href(file);
    if (url && !scripts.includes(url)) scripts.push(url);
  }
  return { manifest: manifestUrl, scripts };
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The registry as a JSON data block; `<` escaped so no `</script>` can end it early. */
export const registryDataBlock = (registry: RemoteRegistry): string =>
  `<script type="application/json" id="${INLINE_REGISTRY_ID}">${JSON.stringify(registry).replace(/</g, '\\u003c')}</script>`;

export function preloadLinks(preloads: RemotePreloads): string {
  // The federation runtime fetches the manifest with `fetch(url, {})`: cors mode, same-origin
  // credentials, which is what `crossorigin="anonymous"` asks for. Scripts are plain <script>
  // elements without a crossorigin attribute, so their preloads carry none either.
  const links = [`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(preloads.manifest)}">`];
  for (const script of preloads.scripts) links.push(`<link rel="preload" as="script" href="${escapeAttribute(script)}">`);
  return links.join('');
}

/** Inserts `fragment` before `</head>` (or at the start of the body when there is none). */
export function injectIntoHead(html: string, fragment: string): string {
  const at = html.search(/<\/head>/i);
  if (at !== -1) return `${html.slice(0, at)}${fragment}${html.slice(at)}`;
  const body = html.search(/<body[^>]*>/i);
  if (body === -1) return `${fragment}${html}`;
  const end = html.indexOf('>', body) + 1;
  return `${html.slice(0, end)}${fragment}${html.slice(end)}`;
}

/**
 * Builds the shell page. Remote versions are immutable, so what a manifest says is read from
 * disk once per version; index.html is re-read when it changes (a rebuilt shell).
 */
export class ShellPage {
  private html: { key: string; text: string } | undefined;
  private readonly manifests = new Map<string, RemotePreloads>();

  constructor(
    private readonly shellDist: string,
    private readonly deployDir: string,
    /**
     * Also preload remoteEntry.js and the expose's sync chunks. Off: when a remote is down, a
     * failed script preload stays in Chromium's preload cache and is matched again by the script
     * the shell's Retry inserts, so Retry could not recover without a reload (e2e isolation.spec).
     * The manifest preload is safe: the first attempt's fetch consumes it.
     */
    private readonly preloadScripts = false,
  ) {}

  async render(pathname: string, registry: RemoteRegistry | undefined): Promise<string> {
    const html = await this.indexHtml();
    if (!registry) return html;
    let fragment = registryDataBlock(registry);
    const remote = remoteForPath(stripLocalePrefix(pathname));
    const entry = remote ? registry.remotes[remote] : undefined;
    if (entry) {
      const preloads = await this.preloadsFor(entry.entry);
      if (preloads) fragment += preloadLinks(this.preloadScripts ? preloads : { manifest: preloads.manifest, scripts: [] });
    }
    return injectIntoHead(html, fragment);
  }

  private async indexHtml(): Promise<string> {
    const file = path.join(this.shellDist, 'index.html');
    const stat = await fs.stat(file);
    const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    if (this.html?.key !== key) this.html = { key, text: await fs.readFile(file, 'utf8') };
    return this.html.text;
  }

  /** Preloads for a registry entry, or undefined when its manifest is not on this server's disk. */
  private async preloadsFor(manifestUrl: string): Promise<RemotePreloads | undefined> {
    const cached = this.manifests.get(manifestUrl);
    if (cached) return cached;
    // Only same-origin entries under /remotes/ are this server's files; another origin's
    // manifest is still preloaded, its contents are not known here.
    if (ABSOLUTE.test(manifestUrl) || !manifestUrl.startsWith('/remotes/')) {
      return ABSOLUTE.test(manifestUrl) && /^https?:\/\//i.test(manifestUrl) ? { manifest: manifestUrl, scripts: [] } : undefined;
    }
    const remotesRoot = path.join(this.deployDir, 'remotes');
    let decoded: string;
    try {
      decoded = decodeURIComponent(new URL(manifestUrl, 'http://pasar.invalid/').pathname.slice('/remotes/'.length));
    } catch {
      return undefined;
    }
    const file = path.resolve(remotesRoot, ...decoded.split('/').filter(Boolean));
    if (!file.startsWith(remotesRoot + path.sep) || decoded.split('/').some((s) => s.startsWith('.'))) return undefined;
    let manifest: ManifestShape;
    try {
      manifest = JSON.parse(await fs.readFile(file, 'utf8')) as ManifestShape;
    } catch {
      // Missing or broken: no hints; the shell reports the remote as it always did.
      return undefined;
    }
    const preloads = preloadsFromManifest(manifestUrl, manifest && typeof manifest === 'object' ? manifest : {});
    this.manifests.set(manifestUrl, preloads);
    return preloads;
  }
}
