// Whether a failure means "the database does not answer right now" (refused, reset, restarting,
// shutting down) rather than a fault of the request or the code. Such failures are answered 503 /
// 012 and /api/health reports the instance degraded; the pool opens new connections by itself
// once PostgreSQL is back, so nothing restarts.

/** Node's socket errors when the server is gone or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs: connection exceptions (08…), admin/crash shutdown, cannot connect now. */
const SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
/** node-postgres' own messages for a connection that ended under a query or could not be made. */
const MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/;

/** True when `error`, or any error in its `cause` chain (drizzle wraps the driver's), is an outage. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code))) return true;
    if (MESSAGES.test(current.message)) return true;
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
