// State that commits at most once per animation frame, however often it is set: a firehose of
// stream messages costs one render per frame, the latest value winning.
import { useCallback, useEffect, useRef, useState } from 'react';

const requestFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : (setTimeout(callback, 16) as unknown as number);
const cancelFrame = (handle: number): void => {
  if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(handle);
  else clearTimeout(handle);
};

/**
 * Like useState, but `setSoon(update)` queues the update and applies every queued update in
 * order on the next animation frame, in one render. `setNow` applies at once (a REST snapshot).
 */
export function useFrameState<T>(initial: T): [T, (update: (previous: T) => T) => void, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const queue = useRef<((previous: T) => T)[]>([]);
  const frame = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelFrame(frame.current);
      frame.current = null;
      queue.current = [];
    },
    [],
  );

  const setSoon = useCallback((update: (previous: T) => T) => {
    queue.current.push(update);
    if (frame.current !== null) return;
    frame.current = requestFrame(() => {
      frame.current = null;
      const updates = queue.current;
      queue.current = [];
      setValue((previous) => updates.reduce((acc, apply) => apply(acc), previous));
    });
  }, []);

  const setNow = useCallback((next: T) => {
    queue.current = [];
    setValue(next);
  }, []);

  return [value, setSoon, setNow];
}
