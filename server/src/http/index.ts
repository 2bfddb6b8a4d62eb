export { AppError, isAppError, type AppErrorOptions, type ErrorDetail } from './app-error';
export { ok, errorBody, apiResponses } from './envelope';
export { languageOf } from './language';
