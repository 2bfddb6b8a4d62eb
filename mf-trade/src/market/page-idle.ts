// "After the first view": the page has loaded and the main thread had an idle moment (or
// `timeout` ms passed). Live streams and the chart engine start from here, so the initial load
// is quiet — what a visitor reads first (REST snapshots of the price, book and trades) paints
// before any stream-driven render or canvas work competes with it (decision 0006).

/** How long to wait for an idle moment after `load` before starting anyway. */
export const PAGE_IDLE_TIMEOUT_MS = 1500;

let settled = typeof window === 'undefined';
let pending: Promise<void> | null = null;

/** True once `whenPageIdle()` has resolved on this page (later callers can start at once). */
export const isPageIdle = (): boolean => settled;

/** Resolves once, per page, after `load` and then an idle callback (or its timeout). */
export function whenPageIdle(): Promise<void> {
  if (settled) return Promise.resolve();
  pending ??= new Promise<void>((resolve) => {
    const idle = () => {
      const done = () => {
        settled = true;
        resolve();
      };
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: PAGE_IDLE_TIMEOUT_MS });
      else setTimeout(done, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return pending;
}

/**
 * Runs `start` once the page is idle (at once if it already was) and returns a cancel function
 * that also undoes whatever `start` returned. For effects: `useEffect(() => afterPageIdle(...))`.
 */
export function afterPageIdle(start: () => (() => void) | void): () => void {
  if (settled) return start() ?? noop;
  let cancelled = false;
  let stop: (() => void) | void;
  // Each starter in a task of its own: the streams and the chart do not start in one long task.
  void whenPageIdle().then(() =>
    setTimeout(() => {
      if (!cancelled) stop = start();
    }, 0),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

const noop = () => {};
