// A second origin for the release journeys: a tiny static server for the deploy folder's
// `remotes/`, with CORS open, as a CDN would serve it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Paths requested so far, with their status. */
  requests: { path: string; status: number; at: number }[];
  /** Waits until no request came for `quietMs` (at most `maxMs`), then closes. */
  close(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
}

/** Serves `<deployDir>/remotes/**` at `/remotes/**` on 127.0.0.1 (port 0: any free port). */
export async function startRemotesServer(deployDir: string, port = 0): Promise<StaticServer> {
  const root = path.join(deployDir, 'remotes');
  const requests: StaticServer['requests'] = [];
  const server = http.createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const send = (status: number, body: Buffer | string, type = 'text/plain; charset=utf-8') => {
      requests.push({ path: urlPath, status, at: Date.now() });
      response.writeHead(status, {
        'content-type': type,
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
        'cache-control': 'no-store',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method === 'OPTIONS') return send(204, '');
    if (!urlPath.startsWith('/remotes/')) return send(404, 'not found');
    const file = path.resolve(root, `.${urlPath.slice('/remotes'.length)}`);
    if (!file.startsWith(root + path.sep)) return send(403, 'forbidden');
    fs.readFile(file, (error, body) => {
      if (error) return send(404, 'not found');
      send(200, body, TYPES[path.extname(file)] ?? 'application/octet-stream');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${actual}`,
    requests,
    async close({ quietMs = 1_500, maxMs = 10_000 } = {}) {
      // Pages of other specs may have read the registry just before it was restored: let their
      // requests finish before the origin disappears.
      const started = Date.now();
      for (;;) {
        const last = requests.at(-1)?.at ?? 0;
        if (Date.now() - last >= quietMs || Date.now() - started >= maxMs) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
