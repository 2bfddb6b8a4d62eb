import type { DatabaseKind } from '../../db/database';
import type { HealthResponse } from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { HealthRepo } from './repo';

export interface HealthServiceDeps {
  readonly repo: HealthRepo;
  readonly databaseKind: DatabaseKind;
  readonly version: string;
  /** Migrations this server ships; fewer applied means the schema is behind the code. */
  readonly expectedMigrations: number;
  readonly startedAt: number;
  /** Which instance answers (several behind a load balancer). */
  readonly instance: string;
  readonly now?: () => number;
}

export interface HealthService {
  check(): Promise<HealthResponse>;
}

/**
 * Degraded: the process runs but cannot serve — the database does not answer (it reconnects by
 * itself when it is back) or its schema is behind. Answered 503 / 012 with the failing part in
 * the details, so a balancer or a person reading it knows which dependency is down.
 */
const degraded = (path: string, message: string, cause: unknown) =>
  new AppError('012', { httpStatus: 503, details: [{ path, message }], cause });

export function createHealthService(deps: HealthServiceDeps): HealthService {
  const now = deps.now ?? Date.now;
  return {
    async check() {
      let applied: number;
      try {
        await deps.repo.ping();
        applied = await deps.repo.appliedMigrationCount();
      } catch (cause) {
        throw degraded('database', 'degraded: the database does not answer', cause);
      }
      if (applied < deps.expectedMigrations) {
        const message = `degraded: ${applied} of ${deps.expectedMigrations} migrations applied`;
        throw degraded('database', message, new Error(message));
      }
      return {
        ok: true,
        status: 'ok',
        version: deps.version,
        database: deps.databaseKind,
        instance: deps.instance,
        uptimeSeconds: Math.floor((now() - deps.startedAt) / 1000),
      };
    },
  };
}
