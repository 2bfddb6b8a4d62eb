// The portfolio module: holdings, overview, position history (issue 6). STUB.
import type { FastifyPluginAsync } from 'fastify';

export const portfolioModule: FastifyPluginAsync = async () => {};
