// The crypto module's database access: the user's identity check (identity's column, read). Orders
// and fills are the engine's (server/src/trading), balances the ledger's.
import { eq } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { users } from '../identity/tables';

export type CryptoRepo = ReturnType<typeof createCryptoRepo>;

export function createCryptoRepo(db: PasarDb) {
  return {
    async kycStatus(userId: string): Promise<string | null> {
      const [row] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
      return row?.kycStatus ?? null;
    },
  };
}
