// An ApiClient over an in-memory axios adapter: tests say what each call answers, then read
// what was sent. The real client code runs (headers, envelope checks, session rules).
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/api-client';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestRequest {
  method: HttpMethod;
  /** Path without host or query: `/api/user/me`. */
  path: string;
  /** Values of `:name` segments of the matched route. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Parsed JSON body (FormData is passed as is). */
  body: unknown;
  headers: Record<string, string>;
}

export interface TestReply {
  /** HTTP status; default 200. */
  status?: number;
  /** The raw response body (an envelope). */
  body: unknown;
}

export type TestHandler = (request: TestRequest) => TestReply | Promise<TestReply>;

export interface TestErrorReply {
  code: string;
  message?: string;
  /** Default 400. */
  status?: number;
}

export interface TestApiClient extends ApiClient {
  /** Answers `METHOD path` (`:id` segments match anything) with a success envelope of `data`. */
  reply(method: HttpMethod, path: string, data: unknown): TestApiClient;
  /** Answers with an error envelope. */
  replyError(method: HttpMethod, path: string, error: TestErrorReply): TestApiClient;
  /** Answers with whatever the handler builds (delays, varying answers, raw bodies). */
  on(method: HttpMethod, path: string, handler: TestHandler): TestApiClient;
  /** Every request received, oldest first. */
  readonly calls: readonly TestRequest[];
  /** Requests to one route. */
  callsTo(method: HttpMethod, path: string): TestRequest[];
  /** The adapter, to route another client (the page's `api`) through these answers. */
  readonly adapter: AxiosAdapter;
}

export const NOT_MOCKED_CODE = 'TEST_NOT_MOCKED';

interface Route {
  method: HttpMethod;
  pattern: RegExp;
  names: string[];
  path: string;
  handler: TestHandler;
}

const compile = (path: string): { pattern: RegExp; names: string[] } => {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
};

const parseBody = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

const headersOf = (config: InternalAxiosRequestConfig): Record<string, string> => {
  const out: Record<string, string> = {};
  const raw = typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : config.headers;
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value !== undefined && value !== null) out[key.toLowerCase()] = String(value);
  }
  return out;
};

export const createTestApiClient = (options: Omit<ApiClientOptions, 'adapter'> = {}): TestApiClient => {
  const routes: Route[] = [];
  const calls: TestRequest[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const url = new URL(config.url ?? '/', 'http://test.invalid');
    const method = (config.method ?? 'get').toUpperCase() as HttpMethod;
    const base: Omit<TestRequest, 'params'> = {
      method,
      path: url.pathname,
      query: { ...Object.fromEntries(url.searchParams), ...(config.params as Record<string, unknown> | undefined) },
      body: parseBody(config.data),
      headers: headersOf(config),
    };
    // The latest registration wins, so a test can override a default answer.
    let reply: TestReply | undefined;
    for (const route of [...routes].reverse()) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      const request = { ...base, params };
      calls.push(request);
      reply = await route.handler(request);
      break;
    }
    if (!reply) {
      calls.push({ ...base, params: {} });
      reply = {
        status: 404,
        body: { status: 'error', error_code: NOT_MOCKED_CODE, error_message: `No test reply for ${method} ${url.pathname}` },
      };
    }
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: {},
      config,
      request: {},
    };
    return response;
  };

  const client = createApiClient({
    retries: 0,
    sleep: async () => undefined,
    logger: { error: () => undefined },
    ...options,
    adapter,
  });

  const test: TestApiClient = {
    ...client,
    on(method, path, handler) {
      routes.push({ method, path, handler, ...compile(path) });
      return test;
    },
    reply(method, path, data) {
      return test.on(method, path, () => ({ body: { status: 'success', data } }));
    },
    replyError(method, path, { code, message = '', status = 400 }) {
      return test.on(method, path, () => ({ status, body: { status: 'error', error_code: code, error_message: message } }));
    },
    get calls() {
      return calls;
    },
    callsTo(method, path) {
      const { pattern } = compile(path);
      return calls.filter((call) => call.method === method && pattern.test(call.path));
    },
    adapter,
  };
  return test;
};
