// One typed function per endpoint (style 16): an endpoint pairs its method, its path and the
// contract schema of its answer once, so no caller pairs a path with a type by hand. The schemas
// are zod, so they are loaded with the first call (`import()`), never with the page: the clients
// built here stay out of the guest first load (decision 0006).
import type { z } from 'zod';
import type { ApiClient, QueryParams } from './api-client';

/** What a caller may add to a call: cancellation, and the request id a retried submit keeps. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Caller-chosen `x-request-id` (a re-submitted order is the same order). */
  requestId?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call to one endpoint: the answer is checked against `schema` and typed by it. */
export interface EndpointCall<T> {
  method: Method;
  path: string;
  schema: () => Promise<z.ZodType<T>>;
  params?: QueryParams;
  body?: unknown;
}

/**
 * Sends one endpoint call. Every trading call sends `x-language-code`, so refusals come in the
 * reader's language.
 */
export async function callEndpoint<T>(client: ApiClient, call: EndpointCall<T>, options: CallOptions = {}): Promise<T> {
  const schema = await call.schema();
  return client.request<T>({
    method: call.method,
    path: call.path,
    ...(call.params ? { params: call.params } : {}),
    ...(call.body !== undefined ? { body: call.body } : {}),
    language: true,
    schema,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.requestId ? { requestId: options.requestId } : {}),
  });
}

