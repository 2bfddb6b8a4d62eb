// The bounded, seeded fuzz run of npm test: every operation of the OpenAPI document, as a guest,
// a verified user with money and the operator, with no 5xx, every /api answer in the envelope and
// the ledger still balanced afterwards. `pnpm fuzz -- --runs N --seed S` runs it longer.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../testing/app-fixture';
import { appFuzzTarget } from '../testing/fuzz-target';
import { answerProblem, describeFailure, fuzzOperations, operationsOf, requestsFor, type OpenApiDocument } from './fuzz';

const SEED = 20261127;
const RUNS_PER_OPERATION = 8;

describe('the API fuzzer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers every operation of the OpenAPI document without a 5xx, always in the envelope, and leaves the ledger balanced', async () => {
    const target = await appFuzzTarget(t.app);
    const operations = await target.operations();
    expect(operations.length).toBeGreaterThan(150);
    const reports = await fuzzOperations(target, operations, { seed: SEED, runs: RUNS_PER_OPERATION, examples: await target.examples() });
    const failures = reports.flatMap((report) => (report.failure ? [describeFailure(report.failure, SEED)] : []));
    expect(failures).toEqual([]);
    expect(reports.map((report) => report.runs)).toEqual(operations.map(() => RUNS_PER_OPERATION));
    // The inputs reach past validation and authentication on many operations, not only into 400s.
    const answered = (status: number) => reports.filter((report) => (report.statuses[status] ?? 0) > 0).length;
    expect(answered(200)).toBeGreaterThan(50);
    expect(answered(400)).toBeGreaterThan(100);
    expect(answered(401)).toBeGreaterThan(50);

    const audit = await t.app.ledger.audit();
    expect(Object.values(audit.sums).filter((sum) => !new Decimal(sum).isZero())).toEqual([]);
    expect(audit.negativeUserAccounts).toBe(0);
    expect(audit.heldMismatch).toBe(0);
    // A guard against a hang, not a speed check: the run grows with every operation the API adds
    // (about 8 requests each) and shares the machine with the rest of the suite.
  }, 300_000);

  it('generates the same requests from the same seed, and different ones from another', () => {
    const doc: OpenApiDocument = {
      paths: {
        '/api/x/{id}': {
          post: {
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }, { in: 'query', name: 'limit', schema: { type: 'integer', minimum: 1 } }],
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { amount: { type: 'string', pattern: '^\\d+$' } }, required: ['amount'] } } } },
          },
        },
      },
    };
    const [op] = operationsOf(doc);
    const sample = (seed: number) => fc.sample(requestsFor(op!), { seed, numRuns: 50 });
    expect(sample(1)).toEqual(sample(1));
    expect(sample(1)).not.toEqual(sample(2));
    // The hostile classes all turn up: NUL, 1e309, huge strings, odd path parameters, broken JSON.
    const text = JSON.stringify(fc.sample(requestsFor(op!), { seed: 3, numRuns: 2000 }));
    for (const needle of ['\\\\u0000', '1e309', 'A'.repeat(1000), '%2e%2e', 'NaN', '"payload":"{"']) expect(text).toContain(needle);
  });

  it('finds an answer outside the envelope, a 5xx and a bare framework error', () => {
    const [op, download] = operationsOf({
      paths: { '/api/y': { get: { responses: { '200': { content: { 'application/json': {} } } } } }, '/api/y.csv': { get: {} } },
    });
    const answer = (statusCode: number, body: string, type = 'application/json; charset=utf-8') => answerProblem(op!, { url: '/api/y' }, { statusCode, body, headers: { 'content-type': type } });
    expect(answer(200, '{"status":"success","data":{}}')).toBeNull();
    expect(answer(400, '{"status":"error","error_code":"002","error_message":"Bad input"}')).toBeNull();
    expect(answer(500, '{"status":"error","error_code":"001","error_message":"x"}')).toMatch(/^500/);
    expect(answer(400, '{"statusCode":400,"error":"Bad Request","message":"x"}')).toMatch(/outside the envelope/);
    expect(answer(404, '')).toMatch(/outside the envelope/);
    expect(answer(400, '{"status":"error","error_code":"zzz","error_message":"x"}')).toMatch(/catalogue/);
    expect(answer(200, '<html>', 'text/html')).toMatch(/outside the envelope/);
    // A download documents no JSON answer: its file is fine, its errors are still the envelope.
    expect(answerProblem(download!, { url: '/api/y.csv' }, { statusCode: 200, body: 'a,b', headers: { 'content-type': 'text/csv' } })).toBeNull();
    expect(answerProblem(download!, { url: '/api/y.csv' }, { statusCode: 401, body: 'no', headers: { 'content-type': 'text/plain' } })).toMatch(/outside the envelope/);
  });
});
