// The price alert module's database access. Every query a user's call makes is scoped by the
// owner's user id (another user's alert is simply not found). A firing changes the alert only if
// its crossing count is still what the evaluator read, and writes the outbox row of that crossing in
// the same transaction: however many instances see the tick, the crossing lands once.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PriceAlertStatus } from '@pasar/shared/contract';
import type { PasarDb } from '../../db/database';
import type { CrossingState } from './crossing';
import { priceAlertFirings, priceAlerts, type Crossed, type PriceAlertFiringRow, type PriceAlertRow } from './tables';

export interface AlertChange {
  readonly targetPrice?: string;
  readonly direction?: PriceAlertRow['direction'];
  readonly note?: string | null;
  readonly repeating?: boolean;
  /** A new target: the price now and the armed state. */
  readonly rearm?: { readonly price: string; readonly state: CrossingState };
}

export interface Firing {
  readonly alert: PriceAlertRow;
  readonly crossed: Crossed;
  readonly fires: boolean;
  readonly price: string;
  readonly next: CrossingState;
  readonly at: Date;
}

export function createPriceAlertRepo(db: PasarDb) {
  const mine = (userId: string, id: string): SQL => and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)) as SQL;
  return {
    /** Inserts the alert unless the user holds `maxActive` ACTIVE ones (checked under a lock on the user's alerts). */
    async create(row: PriceAlertRow, maxActive: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price-alerts:${row.userId}`}))`);
        const [n] = await tx.select({ n: count() }).from(priceAlerts).where(and(eq(priceAlerts.userId, row.userId), eq(priceAlerts.status, 'ACTIVE')));
        if ((n?.n ?? 0) >= maxActive) return false;
        await tx.insert(priceAlerts).values(row);
        return true;
      });
    },

    async list(userId: string, filter: { symbol?: string | undefined; status?: PriceAlertStatus | undefined }): Promise<PriceAlertRow[]> {
      const where = [eq(priceAlerts.userId, userId)];
      if (filter.symbol) where.push(eq(priceAlerts.symbol, filter.symbol));
      if (filter.status) where.push(eq(priceAlerts.status, filter.status));
      return db.select().from(priceAlerts).where(and(...where)).orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
    },

    async one(userId: string, id: string): Promise<PriceAlertRow | null> {
      const [row] = await db.select().from(priceAlerts).where(mine(userId, id));
      return row ?? null;
    },

    /** Changes the alert; a re-armed TRIGGERED alert becomes ACTIVE again unless that passes `maxActive` ('limit'). */
    async update(userId: string, id: string, change: AlertChange, at: Date, maxActive: number): Promise<PriceAlertRow | null | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price-alerts:${userId}`}))`);
        const [row] = await tx.select().from(priceAlerts).where(mine(userId, id)).for('update');
        if (!row) return null;
        if (change.rearm && row.status !== 'ACTIVE') {
          const [n] = await tx.select({ n: count() }).from(priceAlerts).where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'ACTIVE')));
          if ((n?.n ?? 0) >= maxActive) return 'limit';
        }
        const [updated] = await tx
          .update(priceAlerts)
          .set({
            ...(change.targetPrice !== undefined ? { targetPrice: change.targetPrice } : {}),
            ...(change.direction !== undefined ? { direction: change.direction } : {}),
            ...(change.note !== undefined ? { note: change.note } : {}),
            ...(change.repeating !== undefined ? { repeating: change.repeating } : {}),
            ...(change.rearm
              ? { status: 'ACTIVE' as const, priceAtCreation: change.rearm.price, waitFor: change.rearm.state.waitFor, strict: change.rearm.state.strict }
              : {}),
            updatedAt: at,
          })
          .where(eq(priceAlerts.id, id))
          .returning();
        return updated ?? null;
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(priceAlerts).where(mine(userId, id)).returning({ id: priceAlerts.id });
      return rows.length > 0;
    },

    /** Every ACTIVE alert (the engine's index). */
    active(): Promise<PriceAlertRow[]> {
      return db.select().from(priceAlerts).where(eq(priceAlerts.status, 'ACTIVE'));
    },

    byIds(ids: readonly string[]): Promise<PriceAlertRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(priceAlerts).where(inArray(priceAlerts.id, [...ids]));
    },

    /**
     * Records a crossing: moves the alert to its next state (TRIGGERED for a one-shot that fired)
     * and, when it fires, writes the outbox row (alert, crossing number). Null when the alert was no
     * longer as read (another instance took this crossing, or the user changed or deleted it).
     */
    async fire(f: Firing): Promise<{ alert: PriceAlertRow; firing: PriceAlertFiringRow | null } | null> {
      return db.transaction(async (tx) => {
        const a = f.alert;
        const done = f.fires && !a.repeating;
        const crossing = a.crossings + (f.fires ? 1 : 0);
        const [alert] = await tx
          .update(priceAlerts)
          .set({
            waitFor: f.next.waitFor,
            strict: f.next.strict,
            crossings: crossing,
            ...(done ? { status: 'TRIGGERED' as const } : {}),
            ...(f.fires ? { lastTriggeredAt: f.at, lastTriggeredPrice: f.price } : {}),
          })
          .where(
            and(
              eq(priceAlerts.id, a.id),
              eq(priceAlerts.status, 'ACTIVE'),
              eq(priceAlerts.crossings, a.crossings),
              eq(priceAlerts.waitFor, a.waitFor),
              eq(priceAlerts.strict, a.strict),
              eq(priceAlerts.targetPrice, a.targetPrice),
            ),
          )
          .returning();
        if (!alert) return null;
        if (!f.fires) return { alert, firing: null };
        const [firing] = await tx
          .insert(priceAlertFirings)
          .values({ alertId: a.id, crossing, userId: a.userId, symbol: a.symbol, targetPrice: a.targetPrice, crossed: f.crossed, price: f.price, firedAt: f.at })
          .onConflictDoNothing()
          .returning();
        return { alert, firing: firing ?? null };
      });
    },

    /** Firings not yet delivered, oldest first. */
    pending(limit: number): Promise<PriceAlertFiringRow[]> {
      return db.select().from(priceAlertFirings).where(isNull(priceAlertFirings.deliveredAt)).orderBy(asc(priceAlertFirings.firedAt)).limit(limit);
    },

    async delivered(alertId: string, crossing: number, at: Date): Promise<void> {
      await db
        .update(priceAlertFirings)
        .set({ deliveredAt: at })
        .where(and(eq(priceAlertFirings.alertId, alertId), eq(priceAlertFirings.crossing, crossing), isNull(priceAlertFirings.deliveredAt)));
    },

    /** The alert's note (for the message), if it still exists. */
    async noteOf(alertId: string): Promise<{ note: string | null; assetType: string } | null> {
      const [row] = await db.select({ note: priceAlerts.note, assetType: priceAlerts.assetType }).from(priceAlerts).where(eq(priceAlerts.id, alertId));
      return row ?? null;
    },
  };
}

export type PriceAlertRepo = ReturnType<typeof createPriceAlertRepo>;
