// State that commits at most once per animation frame — or at most once per `intervalMs` —
// however often it is set: a firehose of stream messages costs one render per frame (the price,
// the chart) or a few per second (the book and trades: a reader cannot follow faster), the
// queued updates applied in order, the latest value winning. The queued updates render as a
// transition: React renders them in slices that yield to the browser, and a keystroke or click
// interrupts them instead of waiting behind a live update's render.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

const requestFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : (setTimeout(callback, 16) as unknown as number);
const cancelFrame = (handle: number): void => {
  if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(handle);
  else clearTimeout(handle);
};

/**
 * Like useState, but `setSoon(update)` queues the update and applies every queued update in
 * order in one render: on the next animation frame, or with `intervalMs` on the first frame after
 * the next multiple of `intervalMs` (wall clock) — at most one commit per interval, every such
 * state on the page committing together. `setNow` applies at once (a REST snapshot, a new symbol).
 */
export function useFrameState<T>(
  initial: T,
  intervalMs = 0,
): [T, (update: (previous: T) => T) => void, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const queue = useRef<((previous: T) => T)[]>([]);
  const frame = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The interval slot (wall-clock time ÷ intervalMs) of the last commit.
  const lastSlot = useRef(Number.NEGATIVE_INFINITY);

  const cancel = useCallback(() => {
    if (frame.current !== null) cancelFrame(frame.current);
    if (timer.current !== null) clearTimeout(timer.current);
    frame.current = null;
    timer.current = null;
    queue.current = [];
  }, []);

  useEffect(() => cancel, [cancel]);

  const setSoon = useCallback(
    (update: (previous: T) => T) => {
      queue.current.push(update);
      if (frame.current !== null || timer.current !== null) return;
      const commit = () => {
        frame.current = null;
        if (intervalMs > 0) lastSlot.current = Math.floor(Date.now() / intervalMs);
        const updates = queue.current;
        queue.current = [];
        startTransition(() => setValue((previous) => updates.reduce((acc, apply) => apply(acc), previous)));
      };
      // Throttled states commit on shared boundaries (the next multiple of `intervalMs` in a slot
      // after their previous commit's): the book and the trades then land in the same frame, and
      // React renders and the browser lays out once for both, not once each.
      const now = Date.now();
      const wait = intervalMs > 0 ? Math.max(Math.floor(now / intervalMs) + 1, lastSlot.current + 1) * intervalMs - now : 0;
      if (wait > 0) {
        timer.current = setTimeout(() => {
          timer.current = null;
          frame.current = requestFrame(commit);
        }, wait);
      } else {
        frame.current = requestFrame(commit);
      }
    },
    [intervalMs],
  );

  const setNow = useCallback(
    (next: T) => {
      cancel();
      setValue(next);
    },
    [cancel],
  );

  return [value, setSoon, setNow];
}
