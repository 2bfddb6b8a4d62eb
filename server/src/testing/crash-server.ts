// The real server as a child process, for the crash test: started the way `pnpm start` starts it
// (TypeScript through tsx), killed with any signal, started again on the same data. Node runs
// main.ts itself (`node --import tsx`), not the tsx CLI: the CLI runs the server in a grandchild
// process, which a SIGKILL of the CLI would leave running.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { IDENTITY_PATHS } from '@pasar/shared/contract';

export const SERVER_ROOT = path.resolve(__dirname, '..', '..');
const READY_LINE = /Pasar is running at http:\/\/localhost:(\d+)/;
const KEPT_LINES = 400;

export interface ServerProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** Sends the signal and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** The last lines the process wrote (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Resolves with the exit signal (or code) once the process has exited, however it ended. */
  readonly exited: Promise<string>;
  /** Resolves with the first line (written so far or later) that matches; rejects after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * Where the process kills itself with SIGKILL (`kill-at.cjs`): when it is about to send the
 * `count`th statement whose SQL contains `sql` and one of whose parameters starts with `param`.
 */
export interface KillPoint {
  readonly sql: string;
  readonly param: string;
  readonly count: number;
}

export interface StartOptions {
  readonly timeoutMs?: number;
  readonly killAt?: KillPoint;
}

/** Starts `src/main.ts` with `env` on top of this process's environment; resolves when it listens. */
export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<ServerProcess> {
  const { timeoutMs = 60_000, killAt } = options;
  const preload = killAt ? ['--require', path.join(__dirname, 'kill-at.cjs')] : [];
  const kill = killAt ? { PASAR_KILL_SQL: killAt.sql, PASAR_KILL_PARAM: killAt.param, PASAR_KILL_AT: String(killAt.count) } : {};
  const child = spawn(process.execPath, [...preload, '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, ...kill },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<(line: string) => void>();
  const keep = (chunk: Buffer) => {
    const fresh = chunk.toString('utf8').split('\n').filter(Boolean);
    lines.push(...fresh);
    if (lines.length > KEPT_LINES) lines.splice(0, lines.length - KEPT_LINES);
    for (const line of fresh) for (const waiter of waiters) waiter(line);
  };
  child.stderr.on('data', keep);
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${lines.join('\n')}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = READY_LINE.exec(chunk.toString('utf8'));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${lines.join('\n')}`));
    });
  });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    output: () => lines.join('\n'),
    exited,
    waitForLine: (pattern, waitMs = 30_000) => {
      const earlier = lines.find((line) => pattern.test(line));
      if (earlier) return Promise.resolve(earlier);
      return new Promise<string>((resolve, reject) => {
        const done = (line?: string) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          if (line === undefined) reject(new Error(`no line matching ${pattern} within ${waitMs} ms:\n${lines.join('\n')}`));
          else resolve(line);
        };
        const waiter = (line: string) => {
          if (pattern.test(line)) done(line);
        };
        const timer = setTimeout(() => done(), waitMs);
        waiters.add(waiter);
      });
    },
  };
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or the text when it is not JSON. */
  readonly body: unknown;
}

export interface CallOptions {
  readonly headers?: Record<string, string>;
  /** JSON, or a FormData (multipart). */
  readonly body?: unknown;
  readonly timeoutMs?: number;
}

/** One HTTP call; rejects when no answer arrives (connection refused or reset: "not acknowledged"). */
export async function call(baseUrl: string, method: string, url: string, options: CallOptions = {}): Promise<HttpResponse> {
  const form = options.body instanceof FormData;
  const json = options.body !== undefined && !form;
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body !== undefined ? { body: form ? (options.body as FormData) : JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body };
}

/** The `data` of a success envelope; throws with the answer otherwise. */
export function dataOf<T>(response: HttpResponse, what: string): T {
  const body = response.body as { status?: string; data?: T };
  if (response.status < 200 || response.status >= 300 || body?.status !== 'success') {
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return body.data as T;
}

export interface HttpUser {
  readonly userId: string;
  readonly phone: string;
  readonly pin: string;
  /** authorization and x-device-id. */
  readonly headers: Record<string, string>;
}

/** Signs a new user up through the running server (OTP from the development inbox). */
export async function signUpOverHttp(baseUrl: string, phone: string, pin = '246810'): Promise<HttpUser> {
  const deviceId = `web-crash-${phone.slice(-8)}`;
  const headers = { 'x-device-id': deviceId };
  dataOf(await call(baseUrl, 'POST', IDENTITY_PATHS.signupPhone, { headers, body: { phone } }), 'signup/phone');
  const inbox = dataOf<{ messages: { code?: string | null }[] }>(
    await call(baseUrl, 'GET', `${IDENTITY_PATHS.devInbox}?to=${encodeURIComponent(phone)}`),
    'dev inbox',
  );
  const otp = inbox.messages.find((m) => m.code)?.code;
  if (!otp) throw new Error(`no OTP for ${phone}`);
  const { signupToken } = dataOf<{ signupToken: string }>(
    await call(baseUrl, 'POST', IDENTITY_PATHS.signupVerifyOtp, { headers, body: { phone, otp } }),
    'signup/verify-otp',
  );
  const session = dataOf<{ accessToken: string; user: { id: string; phone: string } }>(
    await call(baseUrl, 'POST', IDENTITY_PATHS.registerPin, { headers, body: { signupToken, pin } }),
    'register-pin',
  );
  return {
    userId: session.user.id,
    phone: session.user.phone,
    pin,
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-device-id': deviceId },
  };
}
