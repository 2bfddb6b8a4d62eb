// The identity module: wires repo -> service -> routes. Registered under the `/api` prefix.
import type { FastifyPluginAsync } from 'fastify';

export const identityModule: FastifyPluginAsync = async () => {};
