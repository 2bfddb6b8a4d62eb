// The server's typed configuration, read from the environment once at start.
import path from 'node:path';
import { z } from 'zod';

/** The repository root: two levels above `server/src`. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An empty variable counts as unset, so `DATABASE_URL=` in a .env means "use PGlite". */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PASAR_MODE: z.enum(['development', 'production']).default('development'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Postgres schema to use (and create) instead of the connection's default search_path. */
  DATABASE_SCHEMA: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')
      .optional(),
  ),
  DATA_DIR: optionalString,
  DEPLOY_DIR: optionalString,
  SHELL_DIST: optionalString,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_ORIGIN: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Operator token for the admin routes; without it one is kept in `<dataDir>/admin-token`. */
  ADMIN_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // -- identity settings (issue 3) --
  // -- account settings (issue 3) --
  // -- market data settings (issue 4) --
  // -- pub/sub and stream settings (issue 4) --
});

export type PasarMode = 'development' | 'production';
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly mode: PasarMode;
  readonly database:
    | { readonly kind: 'pglite'; readonly dataDir: string }
    | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };
  /** Root of the server's own data; PGlite keeps its files in `<dataDir>/pglite`. */
  readonly dataDir: string;
  /** Holds `remotes.json` and `remotes/<name>/<version>/…`. */
  readonly deployDir: string;
  readonly shellDist: string;
  readonly logLevel: LogLevel;
  /** The site's public origin (no trailing slash), when known. */
  readonly publicOrigin?: string;
  /** Operator token (ADMIN_TOKEN); absent: kept in `<dataDir>/admin-token`. */
  readonly adminToken?: string;
  // -- identity config (issue 3) --
  // -- account config (issue 3) --
  // -- market data config (issue 4) --
  // -- pub/sub and stream config (issue 4) --
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Pure: the same environment always gives the same config, so tests pass their own env.
 * Relative directories resolve against the repository root, not the working directory, so
 * `npm start` at the root and `pnpm start` in `server/` use the same folders.
 */
export function loadConfig(env: Record<string, string | undefined>, repoRoot: string = REPO_ROOT): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const resolveDir = (value: string | undefined, fallback: string) =>
    path.resolve(repoRoot, value ?? fallback);
  const dataDir = resolveDir(e.DATA_DIR, '.data');
  const mode = e.PASAR_MODE;
  return {
    port: e.PORT,
    host: e.HOST,
    mode,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}) }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    deployDir: resolveDir(e.DEPLOY_DIR, '.deploy'),
    shellDist: resolveDir(e.SHELL_DIST, path.join('shell', 'dist')),
    logLevel: e.LOG_LEVEL,
    ...(e.PUBLIC_ORIGIN ? { publicOrigin: new URL(e.PUBLIC_ORIGIN).origin } : {}),
    ...(e.ADMIN_TOKEN ? { adminToken: e.ADMIN_TOKEN } : {}),
    // -- identity values (issue 3) --
    // -- account values (issue 3) --
    // -- market data values (issue 4) --
    // -- pub/sub and stream values (issue 4) --
  };
}
