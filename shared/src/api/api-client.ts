// The generic API client of product-spec §7: JSON over axios, the platform headers, retries
// that keep one request id (so the server can deduplicate), the envelope check, sanitized data,
// and the session rules of §8 (503 maintenance, 040/041 prompt, 401/403 forced logout).
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import type { z } from 'zod';
import { DEFAULT_LANGUAGE, isLanguage } from '../contract/enum-values';
import type { Language } from '../contract/enums';
import { ENVELOPE_STATUSES, parseErrorDetails, type EnvelopeStatus } from '../contract/envelope-values';
import { DEFAULT_ERROR_MESSAGE, promptFor } from '../contract/error-codes';
import {
  DEVICE_ID_PREFIX,
  PLATFORM_HEADER_VALUE,
  REQUEST_RETRIES,
  REQUEST_TIMEOUT_MS,
  RETRY_DELAY_MS,
  WEB_CLIENT_ID,
} from '../format/constants';
import { createUuid } from '../storage/uuid-generator';
import { ApiError, type ApiErrorDetail, CLIENT_ERROR_CODES } from './api-error';
import { catalogueMessage, isCatalogueCode, prepareErrorCatalogue } from './error-catalogue';
import { prepareSanitizer, sanitizeDeep, sanitizeString } from './response-sanitizer';

/** Base hosts by kind (§7): main API, financial content, own trade host, IDX stock API, prices. */
export type HostKind = 'main' | 'financialContent' | 'trade' | 'idss' | 'price';
export type ApiHosts = Record<HostKind, string>;

/** Header names, in one place for the server to read the same ones. */
export const API_HEADERS = {
  requestId: 'x-request-id',
  platform: 'x-platform',
  languageCode: 'x-language-code',
  deviceId: 'x-device-id',
  firebaseInstanceId: 'x-firebase-instance-id',
  clientId: 'x-client-id',
} as const;

/** `x-platform` goes only to our own hosts. */
const PLATFORM_HOSTS: readonly HostKind[] = ['main', 'trade'];

/** Hooks the shell wires to the session. All optional. */
export interface ApiClientHooks {
  getToken?: () => string | null | undefined;
  getLanguage?: () => Language | string | null | undefined;
  getDeviceId?: () => string | null | undefined;
  getFirebaseInstanceId?: () => string | null | undefined;
  /** Guest-mode pages have no session-expiry handling (§6). */
  isGuestMode?: () => boolean;
  /** HTTP 503. */
  onMaintenance?: () => void;
  /**
   * HTTP 400 with code 040 or 041. Returning a promise that resolves true (the PIN was verified,
   * the terms accepted) makes the client send the call again and return its answer; false, or
   * nothing, rejects the call with the 040/041 error.
   */
  onPrompt?: (code: string) => void | Promise<boolean>;
  /**
   * HTTP 401 with a session: try a token refresh once; true means a new access token is in place
   * and the call is sent again. False (or no hook) falls through to the forced logout.
   */
  refreshSession?: () => Promise<boolean>;
  /** HTTP 401 (after a failed refresh) or a session 403, except on the logout call and in guest mode. */
  onForcedLogout?: () => void;
}

export interface ApiLogger {
  error(message: string, ...details: unknown[]): void;
  /** The server's refusals (4xx with a catalogue code): answers the page handles, for a developer's eyes only. */
  debug?(message: string, ...details: unknown[]): void;
}

export interface ApiClientOptions extends ApiClientHooks {
  /** Per-kind base URL; default '' (same origin). */
  hosts?: Partial<ApiHosts>;
  timeoutMs?: number;
  retries?: number;
  /** The n-th retry waits retryDelayMs × n. */
  retryDelayMs?: number;
  /** Injectable so tests do not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** An axios adapter; tests pass one that answers without a network. */
  adapter?: AxiosAdapter;
  generateRequestId?: () => string;
  logger?: ApiLogger;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T = unknown> {
  /** Default 'main'. */
  host?: HostKind;
  params?: QueryParams;
  headers?: Record<string, string>;
  /** Send `x-language-code` (the server localizes texts and messages). */
  language?: boolean;
  /** This is the logout call: 401/403 does not force a logout. */
  logout?: boolean;
  /**
   * A session call itself (the token refresh, the PIN check of the prompt): no refresh attempt,
   * no forced logout and no prompt; the caller decides what its failure means.
   */
  sessionCall?: boolean;
  /**
   * Caller-chosen `x-request-id`: a UI keeps one id across user re-submits of one order so the
   * server treats them as one. Default: a new UUID per call (kept across automatic retries).
   */
  requestId?: string;
  signal?: AbortSignal;
  /** Parses `data` (after sanitizing); a mismatch rejects with INVALID_RESPONSE. */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
}

export interface RequestConfig<T = unknown> extends RequestOptions<T> {
  method: Method;
  path: string;
  body?: unknown;
}

export interface ApiClient {
  request<T = unknown>(config: RequestConfig<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  /** Changes hosts, hooks or settings later (the shell wires the singleton at start). */
  configure(options: ApiClientOptions): void;
  /** The base URL of a host kind. */
  hostOf(kind: HostKind): string;
  /** The underlying axios instance (interceptors, adapters). */
  readonly axios: AxiosInstance;
}

/** The catalogue's "invalid session" code. */
const SESSION_ERROR_CODE = '009';
/** A call asks for the PIN, then perhaps the terms: never loop on prompts. */
const MAX_PROMPTS_PER_CALL = 2;

const DEFAULT_HOSTS: ApiHosts = { main: '', financialContent: '', trade: '', idss: '', price: '' };

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isEnvelopeStatus = (value: unknown): value is EnvelopeStatus =>
  typeof value === 'string' && (ENVELOPE_STATUSES as readonly string[]).includes(value);

/** Network errors and 5xx are retried, except 503 (maintenance will not pass in a second). */
const isRetryableStatus = (status: number): boolean => status >= 500 && status !== 503;

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/** The `retry-after` header in seconds (a number of seconds or an HTTP date); undefined when absent. */
function retryAfterOf(response: AxiosResponse<unknown>): number | undefined {
  const headers = response.headers as Record<string, unknown> | undefined;
  const raw = headers?.['retry-after'] ?? headers?.['Retry-After'];
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

const isFormData = (body: unknown): boolean => typeof FormData !== 'undefined' && body instanceof FormData;

export function createApiClient(initial: ApiClientOptions = {}): ApiClient {
  let options: ApiClientOptions = { ...initial };
  let hosts: ApiHosts = { ...DEFAULT_HOSTS, ...initial.hosts };

  const instance = axios.create({
    // Every HTTP status resolves; the envelope and the session rules below decide.
    validateStatus: () => true,
    ...(initial.adapter ? { adapter: initial.adapter } : {}),
  });

  const logger = (): ApiLogger => options.logger ?? console;

  function language(): Language {
    const requested = options.getLanguage?.();
    return isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  }

  function buildUrl(host: HostKind, path: string): string {
    if (/^https?:\/\//i.test(path)) return path;
    return `${hosts[host].replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  }

  function buildHeaders(method: Method, config: RequestConfig<unknown>, requestId: string): Record<string, string> {
    const host = config.host ?? 'main';
    const headers: Record<string, string> = { Accept: 'application/json' };
    // FormData (chart upload) needs the browser's multipart boundary, so no JSON content type.
    if (!isFormData(config.body)) headers['Content-Type'] = 'application/json';
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    headers[API_HEADERS.requestId] = requestId;
    headers[API_HEADERS.clientId] = String(WEB_CLIENT_ID);
    if (PLATFORM_HOSTS.includes(host)) headers[API_HEADERS.platform] = PLATFORM_HEADER_VALUE;
    if (config.language) headers[API_HEADERS.languageCode] = language();
    const deviceId = options.getDeviceId?.();
    if (deviceId) {
      headers[API_HEADERS.deviceId] = deviceId.startsWith(DEVICE_ID_PREFIX) ? deviceId : `${DEVICE_ID_PREFIX}${deviceId}`;
    }
    if (method.toUpperCase() === 'POST') {
      const firebaseId = options.getFirebaseInstanceId?.();
      if (firebaseId) headers[API_HEADERS.firebaseInstanceId] = firebaseId;
    }
    return { ...headers, ...config.headers };
  }

  /**
   * A 403 forces a logout only when it is about the session: the catalogue also answers 403 for
   * business refusals (007 KYC incomplete, 018 terms, 1119 PIN blocked…) that must not end it.
   * Without the catalogue (its chunk could not be fetched) only the session code ends it.
   */
  function isSession403(errorCode: string | undefined): boolean {
    return errorCode === undefined || errorCode === SESSION_ERROR_CODE || isCatalogueCode(errorCode) === false;
  }

  function forcedLogoutApplies(status: number, errorCode: string | undefined, config: RequestConfig<unknown>): boolean {
    if (config.logout || config.sessionCall || options.isGuestMode?.()) return false;
    return status === 401 || (status === 403 && isSession403(errorCode));
  }

  const errorCodeOf = (response: AxiosResponse<unknown>): string | undefined => {
    const body = response.data;
    return isRecord(body) && typeof body.error_code === 'string' ? body.error_code : undefined;
  };

  function handleResponse<T>(response: AxiosResponse<unknown>, config: RequestConfig<T>, requestId: string): T {
    const { status, data: body } = response;
    const envelope = isRecord(body) ? body : null;
    const errorCode = errorCodeOf(response);
    if (status === 503) options.onMaintenance?.();
    const lng = language();

    if (!envelope || !isEnvelopeStatus(envelope.status)) {
      logger().error('[api] rejected a response with an unexpected body', {
        path: config.path,
        httpStatus: status,
        status: envelope?.status,
        requestId,
      });
      throw new ApiError({
        code: CLIENT_ERROR_CODES.invalidResponse,
        message: DEFAULT_ERROR_MESSAGE[lng],
        httpStatus: status,
        requestId,
      });
    }

    if (envelope.status === 'success') {
      const data = sanitizeDeep(envelope.data);
      if (!config.schema) return data as T;
      const parsed = config.schema.safeParse(data);
      if (parsed.success) return parsed.data;
      logger().error('[api] response data does not match its schema', { path: config.path, issues: parsed.error.issues });
      throw new ApiError({
        code: CLIENT_ERROR_CODES.invalidResponse,
        message: DEFAULT_ERROR_MESSAGE[lng],
        httpStatus: status,
        requestId,
      });
    }

    const code = errorCode ?? CLIENT_ERROR_CODES.unknown;
    const serverMessage = typeof envelope.error_message === 'string' ? sanitizeString(envelope.error_message).trim() : '';
    const details = parseErrorDetails(envelope.details);
    const error = new ApiError({
      code,
      // The server localizes by x-language-code; without a message, the catalogue's or the default.
      message: serverMessage || catalogueMessage(code, lng),
      httpStatus: status,
      details: (details ?? undefined) as ApiErrorDetail[] | undefined,
      requestId,
      retryAfterSeconds: retryAfterOf(response),
    });
    // A refusal (below a minimum, terms not accepted, a wrong code or PIN…) is an answer the
    // page shows or a prompt resolves, not an error: only a server failure is logged as one.
    const log = logger();
    if (status >= 500) log.error('[api] error response', { path: config.path, httpStatus: status, code, requestId });
    else log.debug?.('[api] refused', { path: config.path, httpStatus: status, code, requestId });
    throw error;
  }

  /** Sends the call with the transport retries of §7 (network errors and 5xx) and returns the raw response. */
  async function send<T>(config: RequestConfig<T>, requestId: string): Promise<AxiosResponse<unknown>> {
    const retries = options.retries ?? REQUEST_RETRIES;
    const delay = options.retryDelayMs ?? RETRY_DELAY_MS;
    const sleep = options.sleep ?? defaultSleep;
    const method = config.method;

    for (let attempt = 0; ; attempt++) {
      let response: AxiosResponse<unknown>;
      try {
        response = await instance.request<unknown>({
          method,
          url: buildUrl(config.host ?? 'main', config.path),
          params: config.params,
          data: config.body,
          // Rebuilt per attempt (a refreshed token is picked up); the request id is not.
          headers: buildHeaders(method, config as RequestConfig<unknown>, requestId),
          timeout: config.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS,
          signal: config.signal,
        });
      } catch (error) {
        if (axios.isCancel(error) || config.signal?.aborted) {
          throw new ApiError({
            code: CLIENT_ERROR_CODES.aborted,
            message: DEFAULT_ERROR_MESSAGE[language()],
            httpStatus: 0,
            requestId,
            cause: error,
          });
        }
        if (attempt < retries) {
          await sleep(delay * (attempt + 1));
          continue;
        }
        logger().error('[api] network error after retries', { path: config.path, requestId, error });
        throw new ApiError({
          code: CLIENT_ERROR_CODES.network,
          message: DEFAULT_ERROR_MESSAGE[language()],
          httpStatus: 0,
          requestId,
          cause: error,
        });
      }
      if (isRetryableStatus(response.status) && attempt < retries) {
        await sleep(delay * (attempt + 1));
        continue;
      }
      return response;
    }
  }

  async function request<T>(config: RequestConfig<T>): Promise<T> {
    let requestId = config.requestId ?? (options.generateRequestId ?? createUuid)();
    let refreshed = false;
    let prompts = 0;

    for (;;) {
      const response = await send(config, requestId);
      const { status } = response;
      const errorCode = errorCodeOf(response);
      // An answer with an error code is judged with the catalogue, fetched with the first one.
      if (errorCode !== undefined) await prepareErrorCatalogue();

      // 040/041 (and 018, the terms): the prompt; once it succeeds the same call goes again (a new
      // request id: the refused attempt did nothing, and the server must not replay its refusal).
      const prompt = config.sessionCall ? undefined : promptFor(status, errorCode);
      if (prompt !== undefined) {
        const outcome: unknown = prompts < MAX_PROMPTS_PER_CALL ? options.onPrompt?.(prompt) : undefined;
        if (isPromise(outcome) && (await outcome.catch(() => false)) === true) {
          prompts += 1;
          if (!config.requestId) requestId = (options.generateRequestId ?? createUuid)();
          continue;
        }
      } else if (forcedLogoutApplies(status, errorCode, config as RequestConfig<unknown>)) {
        // A 401 with a token may only mean the access token expired: one refresh, then once more.
        if (status === 401 && !refreshed && options.refreshSession && options.getToken?.()) {
          refreshed = true;
          if (await options.refreshSession().catch(() => false)) continue;
        }
        options.onForcedLogout?.();
      }
      // DOMPurify is fetched only when this body has markup to clean (decision 0006).
      await prepareSanitizer(response.data);
      return handleResponse(response, config, requestId);
    }
  }

  return {
    request,
    get: (path, opts) => request({ ...opts, method: 'GET', path }),
    delete: (path, opts) => request({ ...opts, method: 'DELETE', path }),
    post: (path, body, opts) => request({ ...opts, method: 'POST', path, body }),
    put: (path, body, opts) => request({ ...opts, method: 'PUT', path, body }),
    patch: (path, body, opts) => request({ ...opts, method: 'PATCH', path, body }),
    configure(next) {
      options = { ...options, ...next };
      if (next.hosts) hosts = { ...hosts, ...next.hosts };
      if (next.adapter) instance.defaults.adapter = next.adapter;
    },
    hostOf: (kind) => hosts[kind],
    axios: instance,
  };
}
