// The ledger's audit of the cluster's database (run by faults.mjs with tsx from server/): the
// sums per currency are zero, no user account is negative, holds match. Prints one JSON line.
import { loadConfig } from '../../server/src/config';
import { createDatabase } from '../../server/src/db/database';
import { createLedger } from '../../server/src/ledger/ledger';

async function main(): Promise<void> {
  const database = await createDatabase(loadConfig(process.env));
  try {
    const audit = await createLedger(database.db).audit();
    const clean = Object.values(audit.sums).every((sum) => Number(sum) === 0) && audit.negativeUserAccounts === 0 && audit.heldMismatch === 0;
    console.log(JSON.stringify({ clean, ...audit }));
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
