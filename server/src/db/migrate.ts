// Applies the dated SQL files of `server/migrations/` in order, once each, at start.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

/** `20261122_0001_init.sql`: date, sequence of the day, short name. */
const MIGRATION_FILE = /^(\d{8}_\d{4}_[a-z0-9_]+)\.sql$/;

export interface Migration {
  readonly id: string;
  readonly sql: string;
  readonly checksum: string;
}

export interface MigrationResult {
  /** Ids applied by this run (empty when the database was already up to date). */
  readonly applied: readonly string[];
  /** Migrations recorded in the database after this run. */
  readonly total: number;
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) {
        throw new MigrationError(`Migration file name "${file}" does not follow YYYYMMDD_NNNN_name.sql`);
      }
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return { id: match[1], sql, checksum: checksumOf(sql) };
    });
}

/** Line endings are normalized so a Windows checkout does not look like an edited migration. */
export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

/**
 * One transaction for the whole run, under an advisory lock scoped to the current schema: two
 * instances starting at once on one Postgres apply each migration once, and a failing migration
 * leaves the database as it was.
 */
export async function runMigrations(
  database: Database,
  migrations: readonly Migration[] = readMigrations(),
): Promise<MigrationResult> {
  return database.withRawTransaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('pasar.migrations:' || current_schema()))`);
    await tx.exec(`
      create table if not exists schema_migrations (
        id         text primary key,
        checksum   text not null,
        applied_at timestamptz not null default now()
      )`);
    const rows = await tx.query<{ id: string; checksum: string }>(
      'select id, checksum from schema_migrations order by id',
    );
    const applied = new Map(rows.map((row) => [row.id, row.checksum]));
    const known = new Set(migrations.map((m) => m.id));

    const unknown = rows.filter((row) => !known.has(row.id)).map((row) => row.id);
    if (unknown.length > 0) {
      throw new MigrationError(
        `The database has migrations this server does not know (${unknown.join(', ')}): it was migrated by a newer version.`,
      );
    }
    const edited = migrations.filter((m) => applied.has(m.id) && applied.get(m.id) !== m.checksum);
    if (edited.length > 0) {
      throw new MigrationError(
        `Migrations changed after they were applied (${edited.map((m) => m.id).join(', ')}): add a new migration instead of editing one.`,
      );
    }

    const pending = migrations.filter((m) => !applied.has(m.id));
    for (const migration of pending) {
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.id} failed: ${(error as Error).message}`);
      }
      await tx.query('insert into schema_migrations (id, checksum) values ($1, $2)', [
        migration.id,
        migration.checksum,
      ]);
    }
    return { applied: pending.map((m) => m.id), total: applied.size + pending.length };
  });
}
