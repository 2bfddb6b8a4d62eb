// Every failure leaves the server as an error envelope: catalogue code, localized message, the
// catalogue's HTTP status. Unexpected failures are logged with their stack and answered 500/001
// without any detail, so nothing internal reaches the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, type ErrorCode, type Language } from '@pasar/shared/contract';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, type ErrorDetail } from './app-error';
import { errorBody } from './envelope';
import { languageOf } from './language';

interface Classified {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: readonly ErrorDetail[];
}

type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

/**
 * The client errors refused before a route reads the request, each with its own catalogue code
 * (whose catalogue status is this status), so a person reads why; any other 4xx is invalid input.
 */
const CLIENT_ERROR_CODES: Readonly<Partial<Record<number, ErrorCode>>> = {
  404: '003',
  408: '011',
  413: '004',
  414: '006',
  415: '005',
  431: '010',
};

const clientErrorCode = (status: number): ErrorCode => CLIENT_ERROR_CODES[status] ?? '002';

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const classified = classify(error, request);
    if (classified.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: classified.code, status: classified.status }, errorSummary(error));
    }
    return sendError(reply, classified, languageOf(request));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, { code: '003', status: 404 }, languageOf(request)),
  );
}

/**
 * Fastify's `frameworkErrors`: the failures it meets before routing (a malformed percent-encoding
 * in the URL, a path parameter over its length limit), answered with the envelope like any other.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const classified = classify(error, request);
  request.log.info({ code: classified.code, status: classified.status }, errorSummary(error));
  void sendError(reply, classified, languageOf(request));
}

/**
 * Node's `clientError`: a request the HTTP parser refused before Fastify saw it (headers or query
 * string over the size limit, a malformed request line, a timeout). There is no request to read
 * a language from, so the envelope is in the default language.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(errorBody(clientErrorCode(status), DEFAULT_LANGUAGE));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function sendError(reply: FastifyReply, { code, status, details }: Classified, language: Language): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(code, language, details));
}

function classify(error: unknown, request: FastifyRequest): Classified {
  if (error instanceof AppError) {
    return { code: error.code, status: error.httpStatus, ...(error.details ? { details: error.details } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { code: '002', status: 400, details: validationDetails(error, request) };
  }
  if (isResponseSerializationError(error)) return { code: '001', status: 500 };
  // The database is down or restarting: the request changed nothing and may be sent again.
  if (isDatabaseUnavailable(error)) return { code: '012', status: 503 };
  if (isMalformedMultipart(error, request)) {
    return { code: '002', status: 400, details: [{ path: 'body', message: 'malformed multipart body' }] };
  }

  const status = (error as Partial<FastifyError>)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors: unparsable or empty JSON, wrong content type, body too large, …
    const validation = (error as FastifyError).validation;
    const details = validation?.map((v) => ({ path: pathOf(v.instancePath), message: v.message ?? '' }));
    return { code: clientErrorCode(status), status, ...(details?.length ? { details } : {}) };
  }
  return { code: '001', status: 500 };
}

/**
 * The multipart parser (busboy) rejects a body it cannot read (no boundary, a truncated part,
 * garbage) with a plain Error and no status: that is the client's input, not a server failure.
 */
function isMalformedMultipart(error: unknown, request: FastifyRequest): boolean {
  if (!(error instanceof Error) || (error as Partial<FastifyError>).statusCode !== undefined) return false;
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !/^\s*multipart\//i.test(type)) return false;
  return /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '') || MULTIPART_PARSER_MESSAGES.test(error.message);
}

const MULTIPART_PARSER_MESSAGES = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed part header|The needle )/;

/**
 * zod's default messages are English. For Indonesian requests the failed input is parsed again
 * with zod's Indonesian locale (only on failure, so the cost is off the happy path); messages a
 * schema sets itself take precedence over the locale, as zod defines.
 */
function validationDetails(
  error: Omit<FastifyError, 'validation'> & { validation: { instancePath: string; message?: string }[] },
  request: FastifyRequest,
): ErrorDetail[] {
  const context = (error as { validationContext?: ValidationContext }).validationContext;
  const english = error.validation.map((v) => ({ path: pathOf(v.instancePath, context), message: v.message ?? '' }));
  if (languageOf(request) === 'en' || !context) return english;

  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
  if (!(schema instanceof z.ZodType)) return english;
  const input = { body: request.body, querystring: request.query, params: request.params, headers: request.headers }[context];
  const result = schema.safeParse(input, { error: indonesian.localeError });
  if (result.success) return english;
  return result.error.issues.map((issue) => ({
    path: pathOf(`/${issue.path.join('/')}`, context),
    message: issue.message,
  }));
}

const indonesian = z.locales.id();

/** `/amount` -> `amount`, `/legs/0/price` -> `legs.0.price`; the whole input -> its context name. */
function pathOf(instancePath: string, context?: ValidationContext): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

function errorSummary(error: unknown): string {
  return error instanceof Error ? error.message : 'request rejected';
}
