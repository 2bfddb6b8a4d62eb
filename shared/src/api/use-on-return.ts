// Pages refresh their figures when the reader comes back to the tab (money may have moved, orders filled).
import { useEffect, useRef } from 'react';

/** Calls `onReturn` when the window regains focus or the tab becomes visible again. */
export function useOnReturn(onReturn: () => void): void {
  const ref = useRef(onReturn);
  ref.current = onReturn;
  useEffect(() => {
    let last = 0;
    const fire = () => {
      // focus and visibilitychange often arrive together: one refresh.
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      ref.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') fire();
    };
    window.addEventListener('focus', fire);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', fire);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
