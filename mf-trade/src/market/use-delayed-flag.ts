import { useEffect, useState } from 'react';

/**
 * True once `flag` has stayed true for `delayMs`; false as soon as it turns false. The halt status
 * of §4 appears after 500 ms, so a flag that flickers on for a moment never shows.
 */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && shown;
}
