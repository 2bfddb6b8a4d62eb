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
  readonly now?: () => number;
}

export interface HealthService {
  check(): Promise<HealthResponse>;
}

export function createHealthService(deps: HealthServiceDeps): HealthService {
  const now = deps.now ?? Date.now;
  return {
    async check() {
      let applied: number;
      try {
        await deps.repo.ping();
        applied = await deps.repo.appliedMigrationCount();
      } catch (cause) {
        throw new AppError('001', { httpStatus: 503, cause });
      }
      if (applied < deps.expectedMigrations) {
        throw new AppError('001', {
          httpStatus: 503,
          cause: new Error(`${applied} of ${deps.expectedMigrations} migrations applied`),
        });
      }
      return {
        ok: true,
        version: deps.version,
        database: deps.databaseKind,
        uptimeSeconds: Math.floor((now() - deps.startedAt) / 1000),
      };
    },
  };
}
