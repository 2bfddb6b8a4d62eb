// Where an operator action's audit row is written. While an admin request runs, its pending entry
// sits in an AsyncLocalStorage context: the first database transaction the action opens writes the
// row inside itself (so the change and its record commit, or fail, together); an action that opens
// none (the simulator's steer, the clock, a run that found nothing to do) has its row written
// before the answer is sent. An action the server refused keeps its row, marked refused.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PasarDb } from '../db/database';
import { insertAudit, markRefused, type AuditEntry } from './operator-store';

export interface AuditContext {
  entry?: AuditEntry;
  /** Set once a transaction has claimed the entry (and cleared again if that transaction failed). */
  written: boolean;
  /** The row's id, once written. */
  id?: number;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `fn` (the rest of the request) with an audit context of its own. */
export const runWithAudit = (context: AuditContext, fn: () => void): void => storage.run(context, fn);

const AUDITED = Symbol.for('pasar.operator-audit.transactions');

/**
 * Makes `db.transaction` write the pending audit entry of the operator request it runs in, as the
 * last statement of the first transaction of that request. Idempotent per database handle.
 */
export function auditTransactions(db: PasarDb): void {
  const target = db as PasarDb & { [AUDITED]?: true };
  if (target[AUDITED]) return;
  target[AUDITED] = true;
  const original = db.transaction.bind(db);
  target.transaction = (async (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    const context = storage.getStore();
    if (!context?.entry || context.written) return original(fn as never, config as never);
    context.written = true;
    const entry = context.entry;
    try {
      return await original((async (tx: unknown) => {
        const result = await fn(tx);
        context.id = await insertAudit(tx as PasarDb, entry);
        return result;
      }) as never, config as never);
    } catch (error) {
      context.written = false;
      throw error;
    }
  }) as PasarDb['transaction'];
}

/**
 * Once the answer is known: writes the entry if no transaction did, and marks it refused when the
 * answer is an error (`status` 400 or above).
 */
export async function settleAudit(db: PasarDb, context: AuditContext, status: number): Promise<void> {
  if (!context.entry) return;
  const outcome = status < 400 ? 'done' : `refused (HTTP ${status})`;
  if (!context.written) {
    context.written = true;
    context.id = await insertAudit(db, context.entry, outcome);
  } else if (status >= 400 && context.id !== undefined) {
    await markRefused(db, context.id, outcome);
  }
}
