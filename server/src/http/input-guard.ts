// Limits every request's parsed input must respect before any route, hook or schema looks at it:
// - structure no deeper than MAX_INPUT_DEPTH levels, so nothing that walks it (schemas, the
//   idempotency fingerprint, services) can exhaust the stack;
// - no NUL character in any string or key of the body, query or path parameters (PostgreSQL text
//   cannot hold one, and no field of ours has a use for it).
// Past either limit the request is answered 400 / 002. The scan is iterative and stops at the
// first problem, so its cost is bounded by the body size limit.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** Deepest nesting of objects and arrays accepted in a body (a level is one object or array). */
export const MAX_INPUT_DEPTH = 32;

type Problem = { readonly path: string; readonly message: string };

/** The first problem of a parsed input, or null: too deep, or a NUL in a string or key. */
export function inputProblem(root: unknown, context: string): Problem | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: root, depth: 0, path: context }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return { path, message: 'must not contain NUL characters' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, message: `must not be nested deeper than ${MAX_INPUT_DEPTH} levels` };
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return { path, message: 'keys must not contain NUL characters' };
      stack.push({ value: item, depth: depth + 1, path: path === context && depth === 0 ? key : `${path}.${key}` });
    }
  }
  return null;
}

function check(request: FastifyRequest): void {
  const inputs = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [context, value] of inputs) {
    const problem = inputProblem(value, context);
    if (problem) throw new AppError('002', { details: [problem] });
  }
}

export function installInputGuard(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before schemas and every preHandler (auth, idempotency).
  app.addHook('preValidation', async (request) => check(request));
}
