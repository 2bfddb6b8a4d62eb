// GET /api/stream: the WebSocket of live market data (guests welcome: market data is public) and,
// after `{op:'auth', token}`, of the user's private channels.
// The language of error messages comes from `?lang=en|id` (browsers cannot set headers on a
// WebSocket) or `x-language-code`.
import type { FastifyPluginAsync } from 'fastify';
// The route options these packages add (`websocket: true`, `schema.hide`).
import type {} from '@fastify/swagger';
import type {} from '@fastify/websocket';
import { DEFAULT_LANGUAGE, type Language } from '@pasar/shared/contract';
import { languageOf } from '../../http/language';
import type { StreamHub } from './hub';

export const streamRoutes: FastifyPluginAsync<{ hub: StreamHub }> = async (app, { hub }) => {
  app.get('/stream', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const query = request.query as { lang?: unknown } | undefined;
    const lang = typeof query?.lang === 'string' ? query.lang.toLowerCase() : '';
    const language: Language = lang.startsWith('en') ? 'en' : lang.startsWith('id') ? 'id' : languageOf(request) ?? DEFAULT_LANGUAGE;
    hub.accept(socket, language, request.ip);
  });
};
