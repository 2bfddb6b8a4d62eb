// `admin <area> <verb> …`: finds the running server and its operator token, then runs the area's
// command. Exit codes: 0 done, 1 the server refused or failed, 2 wrong usage.
import { loadConfig, type Config } from '../config';
import { ensureAdminToken } from './admin-token';
import { AdminUsageError, optionValue, type AdminClient, type AdminCommand } from './command';
import { ADMIN_COMMANDS } from './commands';
import { createAdminHttpClient } from './http-client';
import { safeText } from './safe-text';

export interface AdminCliDeps {
  readonly env: Record<string, string | undefined>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly commands?: readonly AdminCommand[];
  /** Tests pass a client; otherwise one is made for PASAR_URL (or localhost:PORT) and the token. */
  readonly client?: AdminClient;
}

function helpText(commands: readonly AdminCommand[]): string {
  return [
    'usage: npm run admin -- <area> <verb> [arguments]   (or: pnpm --filter @pasar/server admin …)',
    '',
    'areas:',
    ...commands.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`),
    '',
    'The command talks to the running server: PASAR_URL (default http://127.0.0.1:<PORT>), with the',
    'operator token from ADMIN_OPERATOR_TOKEN (a named operator\'s, from `admin operators add`), else',
    'the bootstrap token (ADMIN_TOKEN or <DATA_DIR>/admin-token). Every action is recorded in the audit',
    'trail with the operator\'s name; --reason "…" says why (required to reject and to steer).',
  ].join('\n');
}

async function defaultClient(env: Record<string, string | undefined>, reason: string | undefined): Promise<AdminClient> {
  const config: Config = loadConfig(env);
  const baseUrl = env.PASAR_URL?.trim() || `http://127.0.0.1:${config.port}`;
  const token = env.ADMIN_OPERATOR_TOKEN?.trim() || (await ensureAdminToken(config.dataDir, config.adminToken));
  return createAdminHttpClient(baseUrl, token, fetch, reason ? { reason } : {});
}

export async function runAdminCli(argv: readonly string[], deps: AdminCliDeps): Promise<number> {
  const commands = deps.commands ?? ADMIN_COMMANDS;
  const [area, ...rest] = argv;
  if (!area || area === '--help' || area === 'help') {
    deps.out(helpText(commands));
    return area ? 0 : 2;
  }
  const command = commands.find((c) => c.name === area);
  if (!command) {
    deps.err(`admin: unknown area "${safeText(area)}"\n\n${helpText(commands)}`);
    return 2;
  }
  if (rest.length === 0 || rest[0] === '--help') {
    deps.out(command.usage);
    return rest.length === 0 ? 2 : 0;
  }
  try {
    const client = deps.client ?? (await defaultClient(deps.env, optionValue(rest, 'reason')));
    // A command's lines carry user data (names, addresses, reasons): each is one escaped line.
    await command.run(rest, client, (line) => deps.out(safeText(line)));
    return 0;
  } catch (error) {
    if (error instanceof AdminUsageError) {
      deps.err(`admin ${area}: ${safeText(error.message)}\n\n${command.usage}`);
      return 2;
    }
    deps.err(`admin ${area}: ${safeText((error as Error).message)}`);
    return 1;
  }
}
