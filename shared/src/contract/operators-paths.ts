// Paths of the operator (admin) calls that manage operators and read the audit trail, and their
// plain constants. Header `x-admin-token`; the operator CLI is their one client.
export const OPERATOR_PATHS = {
  /** GET: every operator (active and revoked). POST OperatorAddRequest: a new operator and its token (bootstrap token only). */
  operators: '/api/admin/operators',
  /** POST OperatorRevokeRequest: the operator's token stops working at once (bootstrap token only). */
  revoke: '/api/admin/operators/revoke',
  /** GET AuditQuery: the audit trail, newest first. */
  audit: '/api/admin/audit',
} as const;

/** The largest audit page (`size`). */
export const AUDIT_PAGE_MAX = 200;
