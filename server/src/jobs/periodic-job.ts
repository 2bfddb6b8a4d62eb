// A job that runs now and then every `minutes`: one run at a time per instance (a call while one
// runs joins it), failures logged and never thrown, and — with a lease — on one instance of the
// cluster at a time. Whatever it changes must still be safe to repeat (ledger keys): a lease can
// lapse mid-run.
import type { PubSub } from '../pubsub/types';

export interface PeriodicJob {
  /** Runs the job now (or joins the run in progress). */
  runNow(): Promise<void>;
  /** Clears the timer, waits for a run in progress and gives the lease back. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  readonly minutes: number;
  readonly run: () => Promise<unknown>;
  /** What the log says when a run fails. */
  readonly failure: string;
  readonly log?: { warn(obj: unknown, msg: string): void } | undefined;
  /** Run only on the instance that holds this lease (held for two intervals). */
  readonly lease?: { readonly name: string; readonly instance: string; readonly pubsub: Pick<PubSub, 'acquireLease' | 'releaseLease'> } | undefined;
}

export function schedulePeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { minutes, run, failure, log, lease } = options;
  const ttl = minutes * 60_000 * 2;
  let running: Promise<void> | null = null;
  const runNow = (): Promise<void> => {
    running ??= (async () => {
      if (lease && !(await lease.pubsub.acquireLease(lease.name, lease.instance, ttl))) return;
      await run();
    })()
      .catch((error: unknown) => log?.warn({ err: error }, failure))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runNow(), minutes * 60_000);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      clearInterval(timer);
      await running;
      if (lease) await lease.pubsub.releaseLease(lease.name, lease.instance).catch(() => undefined);
    },
  };
}
