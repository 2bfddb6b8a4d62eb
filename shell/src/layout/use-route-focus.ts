// Focus after a client-side navigation: a screen reader or keyboard user would otherwise stay on
// the link they followed (or on <body> once it is gone) and not learn that the page changed. After
// the path changes, focus moves to the new page's main heading (its first h1 in the main landmark),
// else to the main landmark itself. A remote page may still be loading (its skeleton has no h1), so
// the heading is waited for a little while. Not on the first load (the browser starts at the top),
// nor for redirects before the person has done anything (`/` -> `/trade`, a logged-in person sent
// away from `/login`): those are still the first load.
import { useEffect, useRef } from 'react';
import { useLocation } from '@pasar/shared';

/** How long a page that is still loading may take to show its heading before the main gets focus. */
export const ROUTE_FOCUS_WAIT_MS = 3000;

/** Marks a heading the shell made focusable, so its focus ring can be left out. */
export const ROUTE_FOCUS_ATTRIBUTE = 'data-route-focus';

const isFormField = (element: Element | null): boolean =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** The page moved focus itself (a field it focuses on arrival) or a dialog holds it: leave it there. */
function focusTakenElsewhere(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === main) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"], dialog')) return true;
  return main.contains(active) && (isFormField(active) || (active as HTMLElement).isContentEditable);
}

const headingIn = (main: HTMLElement): HTMLElement | null => {
  for (const heading of Array.from(main.querySelectorAll<HTMLElement>('h1'))) {
    if (!heading.closest('[role="dialog"], [role="alertdialog"], dialog, [hidden], [aria-hidden="true"]')) return heading;
  }
  return null;
};

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    heading.setAttribute(ROUTE_FOCUS_ATTRIBUTE, '');
  }
  heading.focus();
}

/** Moves focus to the new page after each client-side path change; `mainId` is the main landmark. */
export function useRouteFocus(mainId: string): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const interacted = useRef(false);

  // Until the person presses a key or a pointer, a path change is a redirect of the first load.
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener('keydown', mark, true);
    window.addEventListener('pointerdown', mark, true);
    window.addEventListener('mousedown', mark, true);
    window.addEventListener('touchstart', mark, true);
    return () => {
      window.removeEventListener('keydown', mark, true);
      window.removeEventListener('pointerdown', mark, true);
      window.removeEventListener('mousedown', mark, true);
      window.removeEventListener('touchstart', mark, true);
    };
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return undefined;
    previous.current = pathname;
    if (!interacted.current) return undefined;
    const main = document.getElementById(mainId);
    if (!main) return undefined;

    const land = (heading: HTMLElement | null) => {
      if (focusTakenElsewhere(main)) return;
      if (heading) focusHeading(heading);
      else main.focus();
    };

    const now = headingIn(main);
    if (now) {
      land(now);
      return undefined;
    }
    // Still loading: the first h1 that appears, or the main landmark when none comes in time.
    const observer = new MutationObserver(() => {
      const heading = headingIn(main);
      if (!heading) return;
      stop();
      land(heading);
    });
    const timer = window.setTimeout(() => {
      stop();
      land(null);
    }, ROUTE_FOCUS_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId]);
}
