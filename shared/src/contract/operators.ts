// Operators and their audit trail (the operator routes and the admin CLI) — zod schemas and their
// types. Paths and plain constants: `operators-paths.ts`.
import { z } from './zod';
import { AUDIT_PAGE_MAX } from './operators-paths';
import { storedInstant } from './text';

/** Lower-case letters, digits, dot, dash, underscore; starts with a letter. */
export const OperatorName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9._-]{1,39}$/, 'must be 2-40 lower-case letters, digits, ".", "-" or "_", starting with a letter');

export const OperatorAddRequest = z.object({ name: OperatorName });
export const OperatorRevokeRequest = z.object({ name: OperatorName });

export const OperatorView = z.object({
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type OperatorView = z.infer<typeof OperatorView>;
/** The new operator; `token` is shown this once and kept only as a hash. */
export const OperatorAdded = OperatorView.extend({ token: z.string() });
export type OperatorAdded = z.infer<typeof OperatorAdded>;
export const OperatorList = z.object({ items: z.array(OperatorView) });
export type OperatorList = z.infer<typeof OperatorList>;


export const AuditQuery = z.object({
  operator: z.string().trim().min(1).max(40).optional(),
  /** An action ("kyc.reject") or an area ("kyc": every kyc action). */
  action: z.string().trim().regex(/^[a-z][a-z0-9.-]{0,59}$/, 'must be an action like kyc.reject or an area like kyc').optional(),
  since: storedInstant().optional(),
  /** The `nextBefore` of the previous page. */
  before: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditItem = z.object({
  id: z.number(),
  operator: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** "done", or "refused (HTTP <status>)": the server refused the action (nothing pending, a conflict). */
  outcome: z.string(),
  at: z.string(),
});
export type AuditItem = z.infer<typeof AuditItem>;
/** `nextBefore`: pass it as `before` for the next (older) page; null on the last page. */
export const AuditPage = z.object({ items: z.array(AuditItem), nextBefore: z.number().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
