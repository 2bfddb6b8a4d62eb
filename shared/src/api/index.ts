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
export { API_PATHS } from './api-paths';
export { api, sessionHooks, logoutSession } from './default-api';
