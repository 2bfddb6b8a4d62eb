// The fx-wallet module: USD stock wallets, leverage wallet, USDT perps margin wallet, USD yield. STUB (issue 5).
import type { FastifyPluginAsync } from 'fastify';

export const fxWalletModule: FastifyPluginAsync = async () => {};
