// A ticket's rules (session, order types, band) hold until the session's next change: ask again
// once it has passed, a little later so the server's session has moved on.
import { useEffect } from 'react';

/** After a session change, the rules are asked again this much later (the server's session has moved on). */
export const SESSION_SETTLE_MS = 1500;

/** Calls `refresh` once `nextChangeAt` (an ISO time; null or undefined: no change ahead) has passed. */
export function useSessionRefresh(nextChangeAt: string | null | undefined, refresh: () => void): void {
  const at = nextChangeAt ? Date.parse(nextChangeAt) : NaN;
  useEffect(() => {
    if (!Number.isFinite(at)) return undefined;
    const timer = setTimeout(refresh, Math.max(0, at - Date.now()) + SESSION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [at, refresh]);
}
