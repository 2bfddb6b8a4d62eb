// The stream module: wires repo -> service -> routes. Registered under the `/api` prefix.
import type { FastifyPluginAsync } from 'fastify';

export const streamModule: FastifyPluginAsync = async () => {};
