// The fx-wallet module's HTTP routes (paths from the contract, under the /api prefix): validation
// and wiring only; the rules are in the services. Money-moving calls key their ledger transfer on
// the request id (the caller's x-request-id).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FX_WALLET_PATHS,
  LeverageCalculateQuery,
  LeverageCalculation,
  LeverageDetailsResponse,
  LeverageMoveRequest,
  LeverageMoveResult,
  PerpBalance,
  PerpMarginDepositRequest,
  PerpMarginEstimate,
  PerpMarginEstimateQuery,
  PerpMarginResult,
  PerpMarginWithdrawRequest,
  StockBalanceResponse,
  StockTransferEstimate,
  StockTransferEstimateQuery,
  StockTransferRequest,
  StockTransferResult,
  UsdYieldOnboarding,
  UsdYieldOptinRequest,
  WALLET_PATHS,
  WalletBalanceResponse,
} from '@pasar/shared/contract';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { FxWalletService } from './service';
import type { UsdYieldService } from './usd-yield';

export interface FxWalletRoutesOptions {
  readonly service: FxWalletService;
  readonly usdYield: UsdYieldService;
}

/** A contract path under this module's /api prefix. */
const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;

export const fxWalletRoutes: FastifyPluginAsyncZod<FxWalletRoutesOptions> = async (app, { service, usdYield }) => {
  const user = { preHandler: [app.requireUser] };
  const P = FX_WALLET_PATHS;

  // ---- USD stock wallets ----
  const stock = ['global-stock wallets'];
  app.get(
    local(P.stockBalance),
    { ...user, schema: { tags: stock, summary: 'The three USD wallets (gss VERIFIED, else 007)', response: apiResponses({ 200: StockBalanceResponse }, [401, 403]) } },
    async (request) => ok(await service.stockBalance(userIdOf(request))),
  );
  app.get(
    local(P.stockTransferEstimate),
    {
      ...user,
      schema: { tags: stock, summary: 'What a transfer would give at the current quote (no change)', querystring: StockTransferEstimateQuery, response: apiResponses({ 200: StockTransferEstimate }, [401, 403]) },
    },
    async (request) => ok(await service.stockTransferEstimate(userIdOf(request), request.query, languageOf(request))),
  );
  app.post(
    local(P.stockTransfer),
    {
      ...user,
      schema: { tags: stock, summary: 'IDR cash <-> a USD wallet at the quote at execution', body: StockTransferRequest, response: apiResponses({ 200: StockTransferResult }, [401, 403, 409]) },
    },
    async (request) => ok(await service.stockTransfer(userIdOf(request), request.id, request.body, languageOf(request))),
  );

  // ---- leverage wallets ----
  const leverage = ['leverage wallet'];
  app.get(
    local(P.leverageDetails),
    { ...user, schema: { tags: leverage, response: apiResponses({ 200: LeverageDetailsResponse }, [401, 403]) } },
    async (request) => ok(await service.leverageDetails(userIdOf(request))),
  );
  app.get(
    local(P.leverageCalculate),
    { ...user, schema: { tags: leverage, summary: 'The wallets after a deposit or withdrawal (no change)', querystring: LeverageCalculateQuery, response: apiResponses({ 200: LeverageCalculation }, [401, 403]) } },
    async (request) => ok(await service.leverageCalculate(userIdOf(request), request.query)),
  );
  app.post(
    local(P.leverageDeposit),
    { ...user, schema: { tags: leverage, summary: 'USD from the paln wallet into a leverage wallet', body: LeverageMoveRequest, response: apiResponses({ 200: LeverageMoveResult }, [401, 403, 409]) } },
    async (request) => ok(await service.leverageDeposit(userIdOf(request), request.id, request.body)),
  );
  app.post(
    local(P.leverageWithdraw),
    { ...user, schema: { tags: leverage, summary: 'USD back to the paln wallet (only what is not in use)', body: LeverageMoveRequest, response: apiResponses({ 200: LeverageMoveResult }, [401, 403, 409]) } },
    async (request) => ok(await service.leverageWithdraw(userIdOf(request), request.id, request.body)),
  );

  // ---- perpetuals margin wallet ----
  const perp = ['perpetuals margin wallet'];
  app.get(
    local(P.perpBalance),
    { ...user, schema: { tags: perp, summary: 'The USDT margin wallet (KYC VERIFIED, else 007)', response: apiResponses({ 200: PerpBalance }, [401, 403]) } },
    async (request) => ok(await service.perpBalance(userIdOf(request))),
  );
  app.get(
    local(P.perpMarginEstimate),
    { ...user, schema: { tags: perp, querystring: PerpMarginEstimateQuery, response: apiResponses({ 200: PerpMarginEstimate }, [401, 403, 503]) } },
    async (request) => ok(await service.perpMarginEstimate(userIdOf(request), request.query, languageOf(request))),
  );
  app.post(
    local(P.perpMarginDeposit),
    { ...user, schema: { tags: perp, summary: 'From IDR cash (at the USDT-IDR ask) or SPOT USDT', body: PerpMarginDepositRequest, response: apiResponses({ 200: PerpMarginResult }, [401, 403, 409, 503]) } },
    async (request) => ok(await service.perpMarginDeposit(userIdOf(request), request.id, request.body, languageOf(request))),
  );
  app.post(
    local(P.perpMarginWithdraw),
    { ...user, schema: { tags: perp, summary: 'To IDR cash (at the USDT-IDR bid) or SPOT USDT', body: PerpMarginWithdrawRequest, response: apiResponses({ 200: PerpMarginResult }, [401, 403, 409, 503]) } },
    async (request) => ok(await service.perpMarginWithdraw(userIdOf(request), request.id, request.body, languageOf(request))),
  );

  // ---- USD yield ----
  const yieldTags = ['usd yield'];
  app.get(
    local(P.usdYieldOnboarding),
    { ...user, schema: { tags: yieldTags, response: apiResponses({ 200: UsdYieldOnboarding }, [401]) } },
    async (request) => ok(await usdYield.onboarding(userIdOf(request))),
  );
  app.post(
    local(P.usdYieldOptin),
    { ...user, schema: { tags: yieldTags, summary: 'Opt in (gss VERIFIED, else 007) or out', body: UsdYieldOptinRequest, response: apiResponses({ 200: UsdYieldOnboarding }, [401, 403]) } },
    async (request) => ok(await usdYield.optIn(userIdOf(request), request.body.optIn)),
  );

  // ---- the whole wallet ----
  app.get(
    local(WALLET_PATHS.walletBalance),
    { ...user, schema: { tags: ['wallet'], summary: 'Every wallet with totals in IDR and USD', response: apiResponses({ 200: WalletBalanceResponse }, [401]) } },
    async (request) => ok(await service.walletBalance(userIdOf(request))),
  );
};
