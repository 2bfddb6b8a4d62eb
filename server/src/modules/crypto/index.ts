// The crypto module: spot orders against IDR (issue 6). STUB.
import type { FastifyPluginAsync } from 'fastify';

export const cryptoModule: FastifyPluginAsync = async () => {};
