// The FullScreen trading view in the browser's own full screen (the Fullscreen API) where the
// browser allows it: the chart's area fills the screen, and the browser's way out (Esc) leaves the
// view too. Where the browser refuses (no API, an iframe without permission), the page's widened
// view is what the person gets.
import { useEffect, useState, type RefObject } from 'react';

/**
 * While `active`, keeps `target` in the browser's full screen; calls `onLeave` when the browser
 * leaves it on its own (Esc). True while the browser shows it full screen.
 */
export function useBrowserFullScreen(target: RefObject<HTMLElement | null>, active: boolean, onLeave: () => void): boolean {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!active || !element || typeof element.requestFullscreen !== 'function' || document.fullscreenEnabled === false) return undefined;
    let entered = false;
    const onChange = () => {
      const inside = document.fullscreenElement === element;
      setShown(inside);
      if (inside) entered = true;
      else if (entered) {
        entered = false;
        onLeave();
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    // Refused (permissions, no user gesture): the widened view stays, nothing else to do.
    element.requestFullscreen().catch(() => undefined);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      setShown(false);
      if (document.fullscreenElement === element) document.exitFullscreen().catch(() => undefined);
    };
  }, [active, target, onLeave]);

  return shown;
}
