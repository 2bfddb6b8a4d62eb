// Render at most once per animation frame however fast values arrive: the latest value wins.
// Without requestAnimationFrame (Node, a background tab's throttling aside) a 16 ms timer stands in.

export interface FrameBatcher<T> {
  /** Keeps `value` as the one to render at the next frame (replacing any not yet rendered). */
  push(value: T): void;
  /** Renders a pending value now (e.g. before unmount), if any. */
  flush(): void;
  /** Drops a pending value and the scheduled frame. */
  cancel(): void;
}

export interface FrameScheduler {
  request(callback: () => void): number | ReturnType<typeof setTimeout>;
  cancel(handle: number | ReturnType<typeof setTimeout>): void;
}

/** The animation-frame functions when the page has them (typed without the DOM library). */
const frames = globalThis as unknown as {
  requestAnimationFrame?: (callback: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
};

const defaultScheduler = (): FrameScheduler =>
  typeof frames.requestAnimationFrame === 'function'
    ? {
        request: (callback) => frames.requestAnimationFrame!(() => callback()),
        cancel: (handle) => frames.cancelAnimationFrame?.(handle as number),
      }
    : { request: (callback) => setTimeout(callback, 16), cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };

export function frameBatcher<T>(render: (value: T) => void, scheduler: FrameScheduler = defaultScheduler()): FrameBatcher<T> {
  let pending: { value: T } | null = null;
  let handle: number | ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    handle = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    render(value);
  };
  return {
    push(value) {
      pending = { value };
      if (handle === null) handle = scheduler.request(run);
    },
    flush() {
      if (handle !== null) scheduler.cancel(handle);
      run();
    },
    cancel() {
      if (handle !== null) scheduler.cancel(handle);
      handle = null;
      pending = null;
    },
  };
}
