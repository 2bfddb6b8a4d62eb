// A burst of money-moving requests against a server that is killed part-way: each step is one
// HTTP call with its own x-request-id; steps of one chain run in order (a top-up is created, then
// paid), chains run side by side. What matters afterwards is which calls were acknowledged (a
// 2xx reached the client) and which were not (in flight when the process died, or never sent).
import { call, type HttpResponse } from './crash-server';

export interface BurstStep {
  /** The x-request-id, kept for every retry. */
  readonly key: string;
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** May depend on what earlier steps of the chain answered (a top-up id). */
  readonly url: (earlier: readonly HttpResponse[]) => string;
  readonly body?: unknown;
}

export interface StepOutcome {
  readonly step: BurstStep;
  /** The answer, when one arrived. */
  readonly response?: HttpResponse;
  /** Sent, but the connection died before an answer. */
  readonly inFlightAtCrash: boolean;
}

export interface BurstResult {
  /** Per chain, the outcome of each step that was attempted (later steps were never sent). */
  readonly chains: StepOutcome[][];
  readonly acknowledged: number;
  readonly lost: number;
}

export interface BurstOptions {
  readonly baseUrl: string;
  readonly headers: Record<string, string>;
  readonly concurrency: number;
  /** Called once, when this many steps have been acknowledged (kill the server there). */
  readonly crashAfter: number;
  readonly onCrashPoint: () => void;
}

const isAck = (response: HttpResponse) => response.status >= 200 && response.status < 300;

/** Runs the chains with `concurrency` workers until every chain ended or the server stopped answering. */
export async function runBurst(chains: readonly (readonly BurstStep[])[], options: BurstOptions): Promise<BurstResult> {
  const results: StepOutcome[][] = chains.map(() => []);
  let next = 0;
  let acknowledged = 0;
  let lost = 0;
  let crashed = false;
  let down = false;

  const worker = async () => {
    while (!down && next < chains.length) {
      const index = next++;
      const earlier: HttpResponse[] = [];
      for (const step of chains[index]) {
        if (down) break;
        let response: HttpResponse;
        try {
          response = await call(options.baseUrl, step.method, step.url(earlier), {
            headers: { ...options.headers, 'x-request-id': step.key },
            body: step.body,
          });
        } catch {
          // The server is gone: this call's fate is unknown; the rest of the chain is not sent.
          results[index].push({ step, inFlightAtCrash: true });
          lost += 1;
          down = true;
          break;
        }
        results[index].push({ step, response, inFlightAtCrash: false });
        if (!isAck(response)) throw new Error(`${step.method} ${step.url(earlier)} answered ${response.status} before the crash: ${JSON.stringify(response.body)}`);
        earlier.push(response);
        acknowledged += 1;
        if (!crashed && acknowledged >= options.crashAfter) {
          crashed = true;
          options.onCrashPoint();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { chains: results, acknowledged, lost };
}
