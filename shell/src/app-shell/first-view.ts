// The server's first view of a page (server/src/modules/web/first-view.ts) stays on screen while
// the app renders beside it, hidden; the two swap in one frame once the app shows what the first
// view stood for (its `data-ready-when` selector), or after a limit, so a slow or failed remote
// never leaves the person on a page that does nothing.
export const FIRST_VIEW_LIMIT_MS = 15_000;

/**
 * Where the app should render: `container` itself, or, when the server wrote a first view into it,
 * a hidden element beside the first view that takes its place when ready.
 */
export function mountBesideFirstView(container: HTMLElement, limitMs = FIRST_VIEW_LIMIT_MS): HTMLElement {
  const view = Array.from(container.children).find((child): child is HTMLElement => child instanceof HTMLElement && child.hasAttribute('data-first-view'));
  if (!view) return container;
  const mount = container.ownerDocument.createElement('div');
  mount.hidden = true;
  container.append(mount);

  const selector = view.dataset.readyWhen ?? '';
  const ready = (): boolean => {
    try {
      return selector !== '' && mount.querySelector(selector) !== null;
    } catch {
      return true; // a selector this browser cannot read: show the app at once
    }
  };
  const reveal = () => {
    observer.disconnect();
    clearTimeout(limit);
    view.remove();
    container.ownerDocument.querySelector('style[data-first-view]')?.remove();
    mount.hidden = false;
  };
  const observer = new MutationObserver(() => {
    if (ready()) reveal();
  });
  observer.observe(mount, { childList: true, subtree: true, attributes: true });
  const limit = setTimeout(reveal, limitMs);
  return mount;
}
