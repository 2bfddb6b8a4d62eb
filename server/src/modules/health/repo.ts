import { count, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { schemaMigrations } from '../../db/schema';

export interface HealthRepo {
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  appliedMigrationCount(): Promise<number>;
}

export function createHealthRepo(db: PasarDb): HealthRepo {
  return {
    async ping() {
      await db.execute(sql`select 1`);
    },
    async appliedMigrationCount() {
      const [row] = await db.select({ n: count() }).from(schemaMigrations);
      return row?.n ?? 0;
    },
  };
}
