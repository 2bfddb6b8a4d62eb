// The API fuzzer: every operation of the OpenAPI document is sent inputs derived from its own
// JSON schemas (path parameters, query, body), most fields plausible and some hostile — wrong
// types, huge strings, NUL and control characters, odd path parameters, extreme numbers
// (negative, NaN, 1e309), malformed bodies and content types — signed out and signed in.
// The oracle: no answer is 5xx, and every answer under /api is the envelope (an error with a
// catalogue code). Runs are seeded (fast-check), so a failure names the seed that replays it.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorEnvelope, isErrorCode } from '@pasar/shared/contract';

/** The subset of JSON Schema the routes' zod schemas produce. */
export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}

interface OpenApiParameter {
  readonly in: string;
  readonly name: string;
  readonly required?: boolean;
  readonly schema?: JsonSchema;
}

interface OpenApiOperation {
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: JsonSchema }> };
  readonly responses?: Record<string, { readonly content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  /** `POST /api/x/{id}`, as the document names it. */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly OpenApiParameter[];
  readonly query: readonly OpenApiParameter[];
  readonly body?: JsonSchema;
  /** Whether the documented 200 answer is JSON; a download (an icon, a file, a CSV) documents none. */
  readonly jsonAnswer: boolean;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = op.parameters ?? [];
      const okContent = Object.keys(op.responses?.['200']?.content ?? {});
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        ...(body ? { body } : {}),
        jsonAnswer: okContent.includes('application/json'),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** A number written into the JSON text as it is (1e309, -0, NaN: what JSON.stringify cannot write). */
class RawJson {
  constructor(readonly text: string) {}
}

function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const HUGE = 'A'.repeat(100_000);

/** Strings nobody should type: each has broken some server somewhere. */
const hostileStrings: readonly string[] = [
  '',
  ' ',
  HUGE,
  '9'.repeat(400),
  'a\u0000b',
  '\u0000',
  '\u001b[2J\u001b[31mforged',
  '\u202eevil',
  '\ud800',
  '💥ß̶̡',
  '-1',
  '-0',
  '0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x1F',
  ' 1 ',
  '1,5',
  '١٢٣',
  '0.0000000000000000000000000001',
  '99999999999999999999999999999999.99',
  "' OR 1=1 --",
  '../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '__proto__',
  '2026-02-30T25:61:00Z',
];

const hostileNumbers: readonly unknown[] = [
  -1,
  0,
  -1e308,
  1e308,
  5e-324,
  0.1,
  2 ** 53 + 2,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('1E+400'),
  new RawJson('123456789012345678901234567890'),
];

/** Values of every other kind, so each field also sees a wrong type. */
const hostileShapes: readonly unknown[] = [null, true, false, [], {}, [[[]]], { $gt: '' }, { __proto__: { polluted: true } }, ['a', 1, null]];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...hostileShapes),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
);

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return typeof schema.type === 'string' ? [schema.type] : [...schema.type];
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot generate from: plain strings instead.
    }
  }
  const minLength = Math.min(schema.minLength ?? 0, 64);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 24, 64)) });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const [low, high] = min <= max ? [min, max] : [max, min];
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(low, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(high, Number.MAX_SAFE_INTEGER)) })
    : fc.double({ min: low, max: high, noNaN: true });
}

/** A value the schema accepts, or close to it (patterns and bounds are honoured where they can be). */
export function plausibleValue(schema: JsonSchema | undefined, depth = 0, examples: Examples = {}): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant('x');
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => plausibleValue(option, depth + 1, examples)));
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0], depth + 1, examples);
  const kinds = typesOf(schema);
  const kind = kinds.find((k) => k !== 'null') ?? (schema.properties ? 'object' : 'string');
  switch (kind) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausibleValue(schema.items, depth + 1, examples), {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.max(Math.min(schema.minItems ?? 0, 5), Math.min(schema.maxItems ?? 3, 5)),
      });
    case 'object':
      return objectFor(schema, depth, examples, plausibleValue);
    default:
      return fc.constant(null);
  }
}

type ValueFor = (schema: JsonSchema | undefined, depth: number, examples: Examples) => fc.Arbitrary<unknown>;

/** Real values by field or parameter name (the symbols of the market list, ids the user owns): most inputs then reach past validation. */
export type Examples = Readonly<Record<string, readonly unknown[]>>;

/** A known value for the name most of the time, else what the schema suggests. */
const withExamples = (name: string, examples: Examples, otherwise: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  examples[name]?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples[name]!) }, { weight: 1, arbitrary: otherwise }) : otherwise;

function objectFor(schema: JsonSchema, depth: number, examples: Examples, valueFor: ValueFor): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(properties)) record[key] = withExamples(key, examples, valueFor(field, depth + 1, examples));
  // Optional keys appear about half the time.
  return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** A value for the schema where, at some depth, a field is hostile instead. */
export function mutatedValue(schema: JsonSchema | undefined, depth = 0, examples: Examples = {}): fc.Arbitrary<unknown> {
  const hostile = fc.oneof({ weight: 1, arbitrary: hostileValue }, { weight: 3, arbitrary: plausibleValue(schema, depth, examples) });
  if (!schema || depth > 6) return hostileValue;
  const kind = typesOf(schema).find((k) => k !== 'null') ?? (schema.properties ? 'object' : undefined);
  if (kind === 'object' && schema.properties) {
    return fc.oneof(
      { weight: 1, arbitrary: hostileValue },
      { weight: 4, arbitrary: objectFor(schema, depth, examples, (field, d) => fc.oneof({ weight: 2, arbitrary: plausibleValue(field, d, examples) }, { weight: 1, arbitrary: mutatedValue(field, d, examples) })) },
      // A required key missing, and a key no schema knows.
      { weight: 1, arbitrary: objectFor(schema, depth, examples, plausibleValue).map((value) => ({ ...dropFirst(value), unexpected: HUGE.slice(0, 5000) })) },
    );
  }
  if (kind === 'array') return fc.oneof(hostile, fc.array(mutatedValue(schema.items, depth + 1, examples), { maxLength: 4 }), fc.constant(Array.from({ length: 2000 }, () => 1)));
  return hostile;
}

function dropFirst(value: Record<string, unknown>): Record<string, unknown> {
  const [first] = Object.keys(value);
  if (first === undefined) return value;
  const { [first]: _dropped, ...rest } = value;
  return rest;
}

const oddPathParams: readonly string[] = [
  '..',
  '%2e%2e',
  '.',
  '-1',
  '0',
  '1e309',
  'NaN',
  '%00',
  '%20',
  'a%2Fb',
  '%25',
  '%F0%9F%92%A5',
  '%ED%A0%80',
  '%C0%AE',
  'x'.repeat(300),
  '9'.repeat(80),
  '{id}',
  "'%20OR%201=1",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'BTC-IDR',
  'AAPL',
];

const oddQueryValues: readonly string[] = [
  ...hostileStrings.filter((s) => s !== HUGE).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  'a%00b',
  '%E0%A4%A',
  '%ff',
  '9'.repeat(2000),
  '-9999999999999999999999',
];

export type Identity = 'guest' | 'user' | 'operator';

/** One request to one operation. */
export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  /** Who sends it: nobody, a verified user with money, or an operator. */
  readonly as: Identity;
  readonly contentType?: string;
  readonly payload?: string;
  /** A 10.x address per request, so the per-IP limits do not turn every answer into 429. */
  readonly remoteAddress: string;
}

const pathValue = (param: OpenApiParameter, examples: Examples): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: withExamples(param.name, examples, plausibleValue(param.schema)).map((value) => encodeURIComponent(String(value))) },
    { weight: 3, arbitrary: fc.constantFrom(...oddPathParams) },
  );

const queryValue = (param: OpenApiParameter, examples: Examples): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 3, arbitrary: withExamples(param.name, examples, plausibleValue(param.schema)).map((value) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))) },
    { weight: 2, arbitrary: fc.constantFrom(...oddQueryValues) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** Bodies broken as text, or sent under the wrong type. */
const brokenBodies: fc.Arbitrary<{ contentType?: string; payload: string }> = fc.oneof(
  fc.constantFrom('', '{', '{"a":', '}', 'null', 'true', '[]', '"text"', '123', '1e309', 'NaN', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\ufeff{}', '[' + '1,'.repeat(50_000) + '1]').map((payload) => ({ contentType: 'application/json', payload })),
  fc.record({
    contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data', 'application/octet-stream'),
    payload: fc.constantFrom('a=1&a=2', '<a/>', '{}', '\u0000\u0001\u00ff'),
  }),
  fc.constant({ payload: '{"no":"content type"}' }),
  fc.string({ unit: 'binary', maxLength: 64 }).map((payload) => ({ contentType: 'application/json', payload })),
);

/** Requests for one operation: path, query and body derived from its schemas, some of each broken. */
export function requestsFor(op: Operation, examples: Examples = {}): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.pathParams.map((param) => pathValue(param, examples)));
  const query = fc.tuple(...op.query.map((param) => queryValue(param, examples)));
  const extraQuery = fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('x=%00', 'x=1&x=2', `x=${'y'.repeat(3000)}`, 'a[b][c]=1', '__proto__[x]=1') });
  const mutating = MUTATING_METHODS.has(op.method);
  const body: fc.Arbitrary<{ contentType?: string; payload?: string }> = !mutating
    ? fc.constant({})
    : fc.oneof(
        { weight: 2, arbitrary: plausibleValue(op.body ?? { type: 'object' }, 0, examples).map((value) => ({ contentType: 'application/json', payload: toJsonText(value) })) },
        { weight: 5, arbitrary: mutatedValue(op.body ?? { type: 'object' }, 0, examples).map((value) => ({ contentType: 'application/json', payload: toJsonText(value) })) },
        { weight: 2, arbitrary: brokenBodies },
      );
  return fc
    .record({
      params,
      query,
      extraQuery,
      body,
      as: op.path.startsWith('/api/admin/') ? fc.constantFrom<Identity>('guest', 'user', 'operator', 'operator') : fc.constantFrom<Identity>('guest', 'user', 'user'),
      address: fc.tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })),
    })
    .map(({ params, query, extraQuery, body, as, address }) => {
      let index = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => params[index++] ?? 'x');
      const pairs = op.query.flatMap((param, i) => (query[i] === undefined ? [] : [`${encodeURIComponent(param.name)}=${query[i]}`]));
      if (extraQuery) pairs.push(extraQuery);
      return {
        method: op.method,
        url: pairs.length ? `${path}?${pairs.join('&')}` : path,
        as,
        ...body,
        remoteAddress: `10.${address[0]}.${address[1]}.${address[2]}`,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The oracle

/** Why an answer breaks the API's promise, or null: no 5xx, and /api answers the envelope. */
export function answerProblem(op: Operation, request: Pick<FuzzRequest, 'url'>, response: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>): string | null {
  const { statusCode: status, body } = response;
  if (status >= 500) return `${status} ${body.slice(0, 300)}`;
  if (!request.url.startsWith('/api/')) return null;
  const contentType = String(response.headers['content-type'] ?? '');
  if (status < 300 && !contentType.startsWith('application/json')) {
    return op.jsonAnswer ? `${status} answered ${contentType || 'no content type'} outside the envelope` : null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} answered outside the envelope: ${JSON.stringify(body.slice(0, 200))}`;
  }
  if (status < 300) {
    const ok = parsed !== null && typeof parsed === 'object' && (parsed as { status?: unknown }).status === 'success' && 'data' in parsed;
    return ok ? null : `${status} is not a success envelope: ${body.slice(0, 200)}`;
  }
  const envelope = ErrorEnvelope.strict().safeParse(parsed);
  if (!envelope.success) return `${status} answered outside the envelope: ${body.slice(0, 200)}`;
  if (!isErrorCode(envelope.data.error_code)) return `${status} with ${envelope.data.error_code}, not a catalogue code`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The run

export interface FuzzFailure {
  readonly operation: string;
  /** The seed of this operation's run: `--seed <seed> --only "<operation>"` replays it. */
  readonly seed: number;
  readonly problem: string;
  readonly request: FuzzRequest;
}

export interface OperationReport {
  readonly operation: string;
  readonly seed: number;
  readonly runs: number;
  /** Answers by status code. */
  readonly statuses: Readonly<Record<number, number>>;
  readonly failure?: FuzzFailure;
}

export interface FuzzTarget {
  send(request: FuzzRequest, requestId: string | undefined): Promise<Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>>;
  /** Called after each operation (a fuzzed call may have ended the signed-in session). */
  afterOperation?(): Promise<void>;
}

/** The seed of one operation's run, from the run's seed and the operation's name. */
export function operationSeed(seed: number, operation: string): number {
  let hash = seed | 0;
  for (let i = 0; i < operation.length; i++) hash = (Math.imul(hash, 31) + operation.charCodeAt(i)) | 0;
  return hash;
}

/** Fuzzes each operation with `runs` requests; stops an operation at its first failure. */
export async function fuzzOperations(
  target: FuzzTarget,
  operations: readonly Operation[],
  options: {
    readonly seed: number;
    readonly runs: number;
    /** Real values for an operation's fields (a market's symbols for that market's routes). */
    readonly examples?: (op: Operation) => Examples;
    readonly onReport?: (report: OperationReport) => void;
  },
): Promise<OperationReport[]> {
  const reports: OperationReport[] = [];
  let sent = 0;
  for (const op of operations) {
    const seed = operationSeed(options.seed, op.name);
    const statuses: Record<number, number> = {};
    let failure: FuzzFailure | undefined;
    const details = await fc.check(
      fc.asyncProperty(requestsFor(op, options.examples?.(op)), async (request) => {
        sent++;
        const requestId = MUTATING_METHODS.has(op.method) ? `fuzz-${options.seed}-${sent}` : undefined;
        const response = await target.send(request, requestId);
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        const problem = answerProblem(op, request, response);
        if (problem) failure ??= { operation: op.name, seed, problem, request };
        return problem === null;
      }),
      { seed, numRuns: options.runs, endOnFailure: true },
    );
    if (details.failed && !failure) {
      failure = { operation: op.name, seed, problem: String(details.errorInstance ?? 'the property failed'), request: details.counterexample?.[0] as FuzzRequest };
    }
    const report: OperationReport = { operation: op.name, seed, runs: details.numRuns, statuses, ...(failure ? { failure } : {}) };
    reports.push(report);
    options.onReport?.(report);
    await target.afterOperation?.();
  }
  return reports;
}

/** A failure as one readable block: what was sent, what came back, and how to replay it. */
export function describeFailure(failure: FuzzFailure, runSeed: number): string {
  const { request } = failure;
  const payload = request.payload === undefined ? '' : `\n  body (${request.contentType ?? 'no content type'}): ${JSON.stringify(request.payload.slice(0, 400))}`;
  return (
    `${failure.operation}: ${failure.problem}\n  ${request.method} ${request.url.slice(0, 400)} (as ${request.as})${payload}\n` +
    `  replay: pnpm fuzz -- --seed ${runSeed} --only "${failure.operation}"`
  );
}
