// The wallet module's HTTP routes (IDR side): cash account, history, crypto balance, top-up with
// the gateway's signed webhook (and its development simulator), cashout and the operator's review.
// Validation and translation only; the rules are in the services.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountsResponse,
  AdminCashoutDecision,
  AdminCashoutPending,
  Cashout,
  CashoutAutoApprovalStatus,
  CashoutLimit,
  CashoutList,
  CashoutRequest,
  CashoutReview,
  CreateTopUpRequest,
  CryptoBalanceParams,
  CryptoBalanceResponse,
  InputVariables,
  InputVariablesQuery,
  TOPUP_SIGNATURE_HEADER,
  TopUp,
  TopUpList,
  TopUpMethodsResponse,
  TopUpWebhookBody,
  TopUpWebhookResponse,
  WALLET_PATHS,
  WalletHistoryQuery,
  WalletHistoryResponse,
  WalletIdParams,
  isErrorCode,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { apiResponses, ok } from '../../http/envelope';
import { languageOf } from '../../http/language';
import { authOf } from '../../plugins/auth';
import type { AccountService } from './account-service';
import type { CashoutService } from './cashout-service';
import type { TopUpService } from './topup-service';
import { checkSignature, signatureHeader } from './webhook-signature';

export interface WalletRoutesOptions {
  readonly accounts: AccountService;
  readonly topups: TopUpService;
  readonly cashouts: CashoutService;
  readonly webhookSecret: string;
  /** Development mode: the simulate-payment route exists. */
  readonly simulate: boolean;
}

/** Routes are registered under `/api`; the contract's paths include it. */
const api = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;
/** The caller's x-request-id (request ids are the header when it is sane, else a fresh UUID). */
const requestKeyOf = (request: FastifyRequest): string => request.id;

/** A gateway callback is small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, options) => {
  const { accounts, topups, cashouts } = options;
  const user = { preHandler: [app.requireUser] };
  const userWithPin = { preHandler: [app.requireUser, app.requireFreshPin] };
  const admin = { preHandler: [app.requireAdmin] };
  const tags = ['wallet'];

  // ---- cash account, history, crypto balance ----
  app.get(
    api(WALLET_PATHS.accounts),
    { ...user, schema: { tags, summary: 'The cash account: available cash, voucher, free balance, cash on hold', response: apiResponses({ 200: AccountsResponse }, [401]) } },
    async (request) => ok({ cashAccount: await accounts.cashAccount(userIdOf(request)) }),
  );
  app.get(
    api(WALLET_PATHS.walletHistory),
    { ...user, schema: { tags, summary: 'The history of one of the user’s accounts, newest first', querystring: WalletHistoryQuery, response: apiResponses({ 200: WalletHistoryResponse }, [401]) } },
    async (request) => ok(await accounts.history(userIdOf(request), request.query, languageOf(request))),
  );
  app.get(
    api('/api/crypto/balance/:symbol'),
    { ...user, schema: { tags, summary: 'The balance of a crypto pair’s base asset', params: CryptoBalanceParams, response: apiResponses({ 200: CryptoBalanceResponse }, [401, 404]) } },
    async (request) => ok(await accounts.cryptoBalance(userIdOf(request), request.params.symbol)),
  );

  // ---- top-up ----
  app.get(
    api(WALLET_PATHS.topupMethods),
    { ...user, schema: { tags, summary: 'Payment channels with limits and fees', response: apiResponses({ 200: TopUpMethodsResponse }, [401]) } },
    async () => ok({ methods: topups.methods() }),
  );
  app.get(
    api(WALLET_PATHS.inputVariables),
    { ...user, schema: { tags, summary: 'A channel’s form: limits, fee, quick picks, steps', querystring: InputVariablesQuery, response: apiResponses({ 200: InputVariables }, [401]) } },
    async (request) => ok(topups.inputVariables(request.query.paymentChannel)),
  );
  app.post(
    api(WALLET_PATHS.topups),
    { ...user, schema: { tags, summary: 'Create a top-up: payment code, exact amount, expiry', body: CreateTopUpRequest, response: apiResponses({ 200: TopUp }, [401, 403, 409]) } },
    async (request) => ok(await topups.create(userIdOf(request), request.body, requestKeyOf(request))),
  );
  app.get(
    api(WALLET_PATHS.topups),
    { ...user, schema: { tags, summary: 'The user’s top-ups, newest first', response: apiResponses({ 200: TopUpList }, [401]) } },
    async (request) => ok({ items: await topups.list(userIdOf(request)) }),
  );
  app.get(
    `${api(WALLET_PATHS.topups)}/:id`,
    { ...user, schema: { tags, summary: 'One top-up with its instructions and status', params: WalletIdParams, response: apiResponses({ 200: TopUp }, [401, 404]) } },
    async (request) => ok(await topups.get(userIdOf(request), request.params.id)),
  );

  // The gateway's callback: signed over the raw body, so this context reads JSON as a string and
  // parses it only after the signature matched (before validation).
  await app.register(async (plain) => {
    const hook = plain.withTypeProvider<ZodTypeProvider>();
    hook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    hook.post(
      api(WALLET_PATHS.topupWebhook),
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        preValidation: async (request) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const header = request.headers[TOPUP_SIGNATURE_HEADER];
          const verdict = checkSignature(Array.isArray(header) ? header[0] : header, raw, options.webhookSecret);
          if (verdict !== 'ok') {
            request.log.warn({ verdict }, 'top-up callback refused: bad signature');
            throw new AppError('3407');
          }
          try {
            request.body = JSON.parse(raw) as typeof request.body;
          } catch {
            throw new AppError('002', { details: [{ path: 'body', message: 'must be JSON' }] });
          }
        },
        schema: { tags, summary: 'Payment gateway callback (signed: x-callback-signature)', body: TopUpWebhookBody, response: apiResponses({ 200: TopUpWebhookResponse }, [401, 404]) },
      },
      async (request) => ok(await topups.receivePayment(request.body)),
    );
  });

  if (options.simulate) {
    app.post(
      `${api(WALLET_PATHS.topups)}/:id/simulate-payment`,
      { ...user, schema: { tags, summary: 'Development only: pay a pending top-up through the signed webhook', params: WalletIdParams, response: apiResponses({ 200: TopUp }, [401, 404, 409]) } },
      async (request) => {
        const userId = userIdOf(request);
        const raw = JSON.stringify(await topups.simulationBody(userId, request.params.id));
        const response = await app.inject({
          method: 'POST',
          url: WALLET_PATHS.topupWebhook,
          payload: raw,
          headers: { 'content-type': 'application/json', [TOPUP_SIGNATURE_HEADER]: signatureHeader(options.webhookSecret, raw) },
        });
        if (response.statusCode !== 200) {
          const code = (response.json() as { error_code?: string }).error_code ?? '';
          throw new AppError(isErrorCode(code) ? code : '001');
        }
        return ok(await topups.get(userId, request.params.id));
      },
    );
  }

  // ---- cashout ----
  app.get(
    api(WALLET_PATHS.cashoutLimit),
    { ...user, schema: { tags, summary: 'Daily limit, used today, minimum, fee, automatic approval', response: apiResponses({ 200: CashoutLimit }, [401]) } },
    async (request) => ok(await cashouts.limit(userIdOf(request))),
  );
  app.get(
    api(WALLET_PATHS.cashoutAutoApproval),
    { ...user, schema: { tags, summary: 'Whether this user’s cashouts are approved automatically, up to what amount', response: apiResponses({ 200: CashoutAutoApprovalStatus }, [401]) } },
    async (request) => ok(await cashouts.autoApprovalStatus(userIdOf(request))),
  );
  app.post(
    api(WALLET_PATHS.cashoutReview),
    { ...user, schema: { tags, summary: 'Review a cashout (fee, amount received); changes nothing', body: CashoutRequest, response: apiResponses({ 200: CashoutReview }, [401, 403, 404]) } },
    async (request) => ok(await cashouts.review(userIdOf(request), request.body)),
  );
  app.post(
    api(WALLET_PATHS.cashout),
    { ...userWithPin, schema: { tags, summary: 'Request a cashout (fresh PIN): the amount is held until paid', body: CashoutRequest, response: apiResponses({ 200: Cashout }, [401, 403, 404, 409]) } },
    async (request) => ok(await cashouts.request(userIdOf(request), request.body, requestKeyOf(request))),
  );
  app.get(
    api(WALLET_PATHS.cashout),
    { ...user, schema: { tags, summary: 'The user’s cashouts, newest first', response: apiResponses({ 200: CashoutList }, [401]) } },
    async (request) => ok({ items: await cashouts.list(userIdOf(request)) }),
  );
  app.get(
    `${api(WALLET_PATHS.cashout)}/:id`,
    { ...user, schema: { tags, summary: 'One cashout', params: WalletIdParams, response: apiResponses({ 200: Cashout }, [401, 404]) } },
    async (request) => ok(await cashouts.get(userIdOf(request), request.params.id)),
  );
  app.post(
    `${api(WALLET_PATHS.cashout)}/:id/cancel`,
    { ...user, schema: { tags, summary: 'Cancel a cashout waiting for review; the hold is released', params: WalletIdParams, response: apiResponses({ 200: Cashout }, [401, 404, 409]) } },
    async (request) => ok(await cashouts.cancel(userIdOf(request), request.params.id)),
  );

  // ---- operator ----
  const adminTags = ['admin'];
  app.get(
    api(WALLET_PATHS.adminCashoutPending),
    { ...admin, schema: { tags: adminTags, summary: 'Cashouts waiting for review, oldest first', response: apiResponses({ 200: AdminCashoutPending }, [401]) } },
    async () => ok({ items: await cashouts.pending() }),
  );
  app.post(
    api(WALLET_PATHS.adminCashoutApprove),
    { ...admin, schema: { tags: adminTags, summary: 'Approve and pay a cashout', body: AdminCashoutDecision, response: apiResponses({ 200: Cashout }, [401, 404, 409]) } },
    async (request) => ok(await cashouts.approve(request.body.id, 'operator')),
  );
  app.post(
    api(WALLET_PATHS.adminCashoutReject),
    { ...admin, schema: { tags: adminTags, summary: 'Reject a cashout (reason required); the hold is released', body: AdminCashoutDecision, response: apiResponses({ 200: Cashout }, [401, 404, 409]) } },
    async (request) => {
      const reason = request.body.reason;
      if (!reason) throw new AppError('002', { details: [{ path: 'reason', message: 'a rejection needs a reason' }] });
      return ok(await cashouts.reject(request.body.id, reason, 'operator'));
    },
  );
};
