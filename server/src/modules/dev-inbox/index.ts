// The development inbox (development mode only; in production these routes do not exist):
//   GET /api/dev/inbox?to=<phone-or-email>  the latest messages to that address (JSON)
//   GET /dev/inbox[?to=…]                   the same as a page (server-rendered, escaped)
// Registered outside the /api prefix (app.ts), before the web catch-all.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_INBOX_PAGE_PATH, DevInboxQuery, DevInboxResponse, IDENTITY_PATHS } from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { renderInboxPage } from './page';

export const devInboxPlugin: FastifyPluginAsyncZod = async (app) => {
  const inbox = app.devInbox;
  if (app.config.mode !== 'development' || !inbox) return;

  app.get(
    IDENTITY_PATHS.devInbox,
    {
      schema: {
        summary: 'Development mode only: the latest messages to a phone number or e-mail address',
        tags: ['development'],
        querystring: DevInboxQuery,
        response: apiResponses({ 200: DevInboxResponse }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ messages: await inbox.latest(request.query.to) });
    },
  );

  app.get(
    DEV_INBOX_PAGE_PATH,
    { schema: { hide: true, querystring: z.object({ to: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const to = request.query.to?.trim() || undefined;
      const messages = to ? await inbox.latest(to, 50) : await inbox.recent(50);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderInboxPage(messages, to));
    },
  );
};
