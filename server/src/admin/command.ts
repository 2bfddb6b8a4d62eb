// The shape of an operator command (`pnpm --filter @pasar/server admin <area> <verb> …`). A command
// talks HTTP to the running server through an AdminClient: PGlite is single-process, so the CLI can
// never open the database itself, and over HTTP the same command works against any instance.

export interface AdminClient {
  /** GET an admin route; resolves to the envelope's `data`, or rejects with the error message. */
  get<T>(path: string): Promise<T>;
  /** POST JSON to an admin route; resolves to the envelope's `data`, or rejects with the error message. */
  post<T>(path: string, body?: unknown): Promise<T>;
}

export interface AdminCommand {
  /** The area word after `admin` ("kyc", "market"). */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The verbs and their arguments, shown by `admin <area> --help` and on a usage error. */
  readonly usage: string;
  run(args: readonly string[], client: AdminClient, out: (line: string) => void): Promise<void>;
}

/** Thrown by a command for wrong arguments: the CLI prints the message and the command's usage. */
export class AdminUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminUsageError';
  }
}

/** `--name value` or `--name=value` from an argument list; undefined when absent. */
export function optionValue(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** Whether a bare `--name` flag is present. */
export const hasFlag = (args: readonly string[], name: string): boolean => args.includes(`--${name}`);

/** The arguments that are not options (`--x value`, `--x=value`, `--flag` in `flags`). */
export function positionals(args: readonly string[], flags: readonly string[] = []): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      if (!arg.includes('=') && !flags.includes(arg.slice(2))) i += 1;
      continue;
    }
    out.push(arg);
  }
  return out;
}
