// The wallet module (IDR side): cash account, top-up, cashout, whole-wallet summary. STUB (issue 5).
import type { FastifyPluginAsync } from 'fastify';

export const walletModule: FastifyPluginAsync = async () => {};
