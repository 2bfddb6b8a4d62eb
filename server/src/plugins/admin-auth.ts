// Operator access and the operator audit trail. `app.requireAdmin` guards the `/api/admin/…`
// routes of every module: the `x-admin-token` header names the operator, either a named operator
// (their own token, kept as a hash; revoked tokens fail at once) or the bootstrap operator "root"
// (ADMIN_TOKEN or `<dataDir>/admin-token`, see src/admin/admin-token.ts). Root adds and revokes
// named operators; in production it does nothing else, so every action there has a person's name.
// Every mutating admin call leaves one audit row (who, what, on what, why, when, and whether the
// server refused it; a call refused before its operator is known leaves none): the reason comes
// from `x-operator-reason` (URI-encoded) or the body's `reason`, and is required where a decision
// must be explained (rejections, steering a price).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ensureAdminToken } from '../admin/admin-token';
import { auditTransactions, runWithAudit, settleAudit, type AuditContext } from '../admin/audit-trail';
import { operatorRoutes } from '../admin/operator-routes';
import { createOperatorStore, type OperatorStore } from '../admin/operator-store';
import { AppError } from '../http/app-error';

export interface Operator {
  readonly name: string;
  /** The bootstrap token (ADMIN_TOKEN or the token file) rather than a named operator's own. */
  readonly bootstrap: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bootstrap (root) operator token; tests send it as `x-admin-token`. */
    adminToken: string;
    /** preHandler for admin routes: 401 (009) unless `x-admin-token` is a live operator token. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler for managing operators: the bootstrap token only (403, 4301, otherwise). */
    requireRootOperator: preHandlerAsyncHookHandler;
    operators: OperatorStore;
  }
  interface FastifyRequest {
    /** The operator of an admin call, once its preHandler ran. */
    operator?: Operator;
  }
}

export const ADMIN_TOKEN_HEADER = 'x-admin-token';
/** Why the operator does this, URI-encoded (headers are Latin-1); recorded in the audit trail. */
export const OPERATOR_REASON_HEADER = 'x-operator-reason';
/** The bootstrap token's operator name in the audit trail. */
export const ROOT_OPERATOR = 'root';
const REASON_MAX = 500;

/** Actions whose audit row must say why. */
const REASON_REQUIRED: ReadonlySet<string> = new Set(['kyc.reject', 'cashout.reject', 'market.steer']);

/** Route paths whose generic name (`/api/admin/a/b` → `a.b`) says less than it should. */
const ACTION_NAMES: Readonly<Record<string, string>> = {
  'idss.settlement.run': 'idx.settle',
  'global-stock.leverage.sweep': 'us-leverage.sweep',
  operators: 'operators.add',
};

const ADMIN_PREFIX = '/api/admin/';
const AUDIT_KEY = Symbol('pasar.operator-audit');
type AuditedRequest = FastifyRequest & { [AUDIT_KEY]?: AuditContext };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const forbidden = (message: string) => new AppError('4301', { details: [{ path: ADMIN_TOKEN_HEADER, message }] });

const isMutating = (request: FastifyRequest): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

function actionOf(request: FastifyRequest, body: Record<string, unknown>): string {
  const url = request.routeOptions.url ?? request.url;
  const path = url.slice(url.indexOf(ADMIN_PREFIX) + ADMIN_PREFIX.length).replace(/\/+$/, '');
  const generic = path.split('/').filter(Boolean).join('.');
  const action = ACTION_NAMES[generic] ?? generic;
  if (action === 'user.tag' && body.remove === true) return 'user.untag';
  if (action === 'market.steer' && body.clear === true) return 'market.steer.clear';
  if (action === 'market.clock' && body.clear === true) return 'market.clock.clear';
  return action;
}

function reasonOf(request: FastifyRequest, body: Record<string, unknown>): string | null {
  const header = request.headers[OPERATOR_REASON_HEADER];
  let reason: string | undefined;
  if (typeof header === 'string' && header.trim()) {
    try {
      reason = decodeURIComponent(header);
    } catch {
      throw new AppError('002', { details: [{ path: OPERATOR_REASON_HEADER, message: 'must be URI-encoded text' }] });
    }
  } else if (typeof body.reason === 'string') {
    reason = body.reason;
  }
  reason = reason?.trim();
  if (reason && reason.length > REASON_MAX) {
    throw new AppError('002', { details: [{ path: OPERATOR_REASON_HEADER, message: `at most ${REASON_MAX} characters` }] });
  }
  return reason || null;
}

const TARGET_FIELDS = ['phone', 'id', 'symbol', 'name'] as const;

function targetOf(body: Record<string, unknown>): string | null {
  for (const field of TARGET_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

export const adminAuthPlugin = fp(
  async (app) => {
    const token = await ensureAdminToken(app.config.dataDir, app.config.adminToken);
    const production = app.config.mode === 'production';
    const store = createOperatorStore(app.database.db);
    auditTransactions(app.database.db);
    app.decorate('adminToken', token);
    app.decorate('operators', store);

    async function authenticate(request: FastifyRequest): Promise<Operator> {
      const given = request.headers[ADMIN_TOKEN_HEADER];
      if (typeof given !== 'string' || given.length === 0) throw new AppError('009', { httpStatus: 401 });
      if (sameToken(given, token)) return { name: ROOT_OPERATOR, bootstrap: true };
      const row = await store.activeByToken(given);
      if (!row) throw new AppError('009', { httpStatus: 401 });
      return { name: row.name, bootstrap: false };
    }

    /** Fills the request's pending audit entry (mutating calls only); checks the reason. */
    function recordIntent(request: FastifyRequest, operator: Operator): void {
      const context = (request as AuditedRequest)[AUDIT_KEY];
      if (!context || !isMutating(request)) return;
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const action = actionOf(request, body);
      const reason = reasonOf(request, body);
      if (!reason && REASON_REQUIRED.has(action)) {
        throw new AppError('002', { details: [{ path: 'reason', message: `${action} needs a reason (${OPERATOR_REASON_HEADER})` }] });
      }
      const { reason: _given, ...details } = body;
      context.entry = { operator: operator.name, action, target: targetOf(body), reason, details, at: new Date() };
    }

    // The audit context wraps the rest of the request, so the action's transactions see it.
    app.addHook('preValidation', (request, _reply, done) => {
      if (!isMutating(request) || !(request.routeOptions.url ?? '').startsWith(ADMIN_PREFIX)) {
        done();
        return;
      }
      const context: AuditContext = { written: false };
      (request as AuditedRequest)[AUDIT_KEY] = context;
      runWithAudit(context, () => done());
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const context = (request as AuditedRequest)[AUDIT_KEY];
      if (context) await settleAudit(app.database.db, context, reply.statusCode);
      return payload;
    });

    app.decorate('requireAdmin', async function requireAdmin(request: FastifyRequest) {
      const operator = await authenticate(request);
      if (operator.bootstrap && production && !request.routeOptions.url?.startsWith('/api/admin/operators') && request.routeOptions.url !== '/api/admin/audit') {
        throw forbidden('in production, actions need a named operator token (admin operators add <name>)');
      }
      request.operator = operator;
      recordIntent(request, operator);
    } as preHandlerAsyncHookHandler);
    app.decorate('requireRootOperator', async function requireRootOperator(request: FastifyRequest) {
      const operator = await authenticate(request);
      if (!operator.bootstrap) throw forbidden('only the bootstrap operator token adds and revokes operators');
      request.operator = operator;
      recordIntent(request, operator);
    } as preHandlerAsyncHookHandler);

    await app.register(operatorRoutes);
  },
  { name: 'pasar-admin-auth', dependencies: ['pasar-config', 'pasar-database'] },
);
