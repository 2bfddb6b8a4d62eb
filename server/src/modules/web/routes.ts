// The front end: the remote registry, the remotes' versioned files, the shell, and the SPA
// fallback that lets deep links (`/en/trade/USDT-IDR`) load the shell.
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import { ErrorEnvelope, RemoteRegistry } from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { contentSecurityPolicy, siteSocketOrigin } from '../../plugins/external/csp';
import { firstView, fillRoot, THEME_COOKIE, wantsFirstView, FIRST_VIEW_SYMBOL } from './first-view';
import { injectIntoHead, ShellPage } from './shell-page';
import { remoteCacheControl, resolveFile, shellCacheControl, SHELL_NOT_BUILT_PAGE, REVALIDATE } from './static-files';

export const webRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = app.remoteRegistry;
  const { deployDir, shellDist } = app.config;
  const shellPage = new ShellPage(shellDist, deployDir);

  app.get(
    '/remotes.json',
    {
      schema: {
        summary: 'The live remote registry: which version of each remote the shell loads',
        tags: ['platform'],
        response: { 200: RemoteRegistry, 500: ErrorEnvelope },
      },
    },
    async (_request, reply) => {
      const read = await registry.read();
      if (read.kind === 'invalid') throw new AppError('001', { cause: new Error(read.problem) });
      reply
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      return read.registry;
    },
  );

  // Versioned remote builds; a shell on another origin (a CDN) loads them, hence CORS.
  await app.register(fastifyStatic, {
    root: path.join(deployDir, 'remotes'),
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    suppressWarning: true,
    // The build writes `.br` and `.gz` beside each text file (shared/build/webpack.cjs); they are
    // sent as they are, so no response compresses a script on the fly.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', remoteCacheControl(filePath));
    },
  });

  // The shell's files are sent by the catch-all below; this registration only adds `sendFile`.
  await app.register(fastifyStatic, { root: shellDist, serve: false, suppressWarning: true, preCompressed: true });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/api' || urlPath.startsWith('/api/')) throw new AppError('003');

    const file = await resolveFile(shellDist, urlPath);
    if (file === 'index.html') return sendShellPage(request, reply, urlPath);
    if (file) return sendShellFile(reply, file, shellDist);
    if (!acceptsHtml(request)) throw new AppError('003');

    if (!(await resolveFile(shellDist, '/index.html'))) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(SHELL_NOT_BUILT_PAGE);
    }
    return sendShellPage(request, reply, urlPath);
  });

  /**
   * index.html with the registry inlined and the page's remote preloaded. The CSP is rebuilt from
   * the same registry read, so the page's policy always allows the remotes it is told about.
   */
  async function sendShellPage(request: FastifyRequest, reply: FastifyReply, urlPath: string) {
    const read = await registry.read();
    const live = read.kind === 'ok' ? read : undefined;
    if (live) reply.header('content-security-policy', contentSecurityPolicy(live.origins, siteSocketOrigin(request, app.config.publicOrigin)));
    let page: string;
    try {
      page = await shellPage.render(urlPath, live?.registry);
    } catch (error) {
      request.log.warn({ err: error }, 'shell page could not be prepared; sending index.html as built');
      return reply.header('cache-control', REVALIDATE).sendFile('index.html', shellDist, { cacheControl: false });
    }
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(withFirstView(request, urlPath, page));
  }

  /** The explore page's first view (first-view.ts) in the page, or the page as it was when the market cannot say. */
  function withFirstView(request: FastifyRequest, urlPath: string, page: string): string {
    const wanted = wantsFirstView(urlPath, request.url.slice(urlPath.length));
    const instrument = wanted ? app.market.instrument(FIRST_VIEW_SYMBOL) : undefined;
    if (!wanted || !instrument) return page;
    try {
      const saved = request.cookies[THEME_COOKIE];
      const view = firstView({
        language: wanted.language,
        theme: saved === 'light' || saved === 'dark' ? saved : null,
        instrument,
        ticker: app.market.ticker(FIRST_VIEW_SYMBOL),
      });
      const html = wanted.language === 'en' ? page.replace('<html lang="id">', '<html lang="en">') : page;
      return injectIntoHead(fillRoot(html, view.root), view.head);
    } catch (error) {
      request.log.warn({ err: error }, 'first view could not be written; sending the page without it');
      return page;
    }
  }
};

function sendShellFile(reply: FastifyReply, file: string, root: string): FastifyReply {
  return reply.header('cache-control', shellCacheControl(file)).sendFile(file, root, { cacheControl: false });
}

/** A browser navigation asks for HTML; a script or fetch for a missing file does not get the shell. */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/html');
}
