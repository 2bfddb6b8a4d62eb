export {
  type HostKind,
  type ApiHosts,
  type ApiClientHooks,
  type ApiClientOptions,
  type ApiLogger,
  type QueryParams,
  type RequestOptions,
  type RequestConfig,
  type ApiClient,
  API_HEADERS,
  createApiClient,
} from './api-client';
export {
  type ApiErrorDetail,
  type ApiErrorInit,
  ApiError,
  CLIENT_ERROR_CODES,
  isApiError,
} from './api-error';
export { sanitizeString, sanitizeDeep } from './response-sanitizer';
export { API_PATHS, SESSION_PATHS } from './api-paths';
export { api, sessionHooks, logoutSession, sessionManager } from './default-api';
export {
  type SessionAnswer,
  type SessionManager,
  type SessionManagerOptions,
  type PromptHandler,
  REFRESH_AHEAD_MS,
  MIN_REFRESH_DELAY_MS,
  REFRESH_LOCK_NAME,
  accessTokenExpiry,
  userDetailsOf,
  createSessionManager,
  setPromptHandler,
  hasPromptHandler,
  requestPrompt,
} from './session-manager';
export { type ApiData, useApiData } from './use-api-data';
export { useOnReturn } from './use-on-return';
