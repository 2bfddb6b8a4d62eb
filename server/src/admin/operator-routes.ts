// The operator routes: named operators (added and revoked with the bootstrap token) and the audit
// trail of every operator action, newest first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../http/app-error';
import { apiResponses, ok } from '../http/envelope';
import {
  AuditPage,
  AuditQuery,
  OPERATOR_PATHS,
  OperatorAdded,
  OperatorAddRequest,
  OperatorList,
  OperatorRevokeRequest,
  OperatorView,
} from '@pasar/shared/contract';
import { newOperatorToken, type OperatorRow } from './operator-store';

const ROOT_NAMES: ReadonlySet<string> = new Set(['root']);

const view = (row: OperatorRow): OperatorView => ({
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  revokedBy: row.revokedBy,
});

const byOf = (operator: { name: string } | undefined): string => operator?.name ?? 'unknown';

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const store = app.operators;

  app.get(
    OPERATOR_PATHS.operators,
    { preHandler: app.requireAdmin, schema: { tags, summary: 'Operators, active and revoked', response: apiResponses({ 200: OperatorList }, [401, 403]) } },
    async () => ok({ items: (await store.list()).map(view) }),
  );
  app.post(
    OPERATOR_PATHS.operators,
    {
      preHandler: app.requireRootOperator,
      schema: { tags, summary: 'Add a named operator; the token is shown once (bootstrap token only)', body: OperatorAddRequest, response: apiResponses({ 200: OperatorAdded }, [401, 403, 409]) },
    },
    async (request) => {
      const name = request.body.name;
      if (ROOT_NAMES.has(name)) throw new AppError('002', { details: [{ path: 'name', message: 'reserved for the bootstrap operator' }] });
      const token = newOperatorToken();
      const row = await store.add(name, token, byOf(request.operator), new Date());
      if (!row) throw new AppError('4302', { details: [{ path: 'name', message: 'an operator of that name exists (or existed)' }] });
      return ok({ ...view(row), token });
    },
  );
  app.post(
    OPERATOR_PATHS.revoke,
    {
      preHandler: app.requireRootOperator,
      schema: { tags, summary: "Revoke an operator's token, at once (bootstrap token only)", body: OperatorRevokeRequest, response: apiResponses({ 200: OperatorView }, [401, 403, 404]) },
    },
    async (request) => {
      const row = await store.revoke(request.body.name, byOf(request.operator), new Date());
      if (!row) throw new AppError('003');
      return ok(view(row));
    },
  );
  app.get(
    OPERATOR_PATHS.audit,
    { preHandler: app.requireAdmin, schema: { tags, summary: 'The operator audit trail, newest first', querystring: AuditQuery, response: apiResponses({ 200: AuditPage }, [401, 403]) } },
    async (request) => {
      const { operator, action, since, before, size } = request.query;
      const rows = await store.audit({
        ...(operator ? { operator } : {}),
        ...(action ? { action } : {}),
        ...(since ? { since: new Date(since) } : {}),
        ...(before !== undefined ? { before } : {}),
        limit: size + 1,
      });
      const page = rows.slice(0, size);
      return ok({
        items: page.map((row) => ({
          id: row.id,
          operator: row.operator,
          action: row.action,
          target: row.target,
          reason: row.reason,
          details: (row.details ?? {}) as Record<string, unknown>,
          outcome: row.outcome,
          at: row.at.toISOString(),
        })),
        nextBefore: rows.length > size ? page[page.length - 1]!.id : null,
      });
    },
  );
};
