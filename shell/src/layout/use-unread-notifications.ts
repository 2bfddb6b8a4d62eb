// The unread count of the notification centre for the header's bell: asked on login, when the
// window or tab comes back, every minute while the tab is visible, and after leaving the
// notifications page (where things were read). One small call (GET /api/notifications?page=0&size=1
// answers `unreadCount`). A failure is logged and gives no count: the bell stays, without a badge.
// A notification arriving on the private stream counts at once (no reload); after a lapse of the
// stream the count is asked again.
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_PATHS, api, useAppStore, useLocation, usePrivateStream, type NotificationPage } from '@pasar/shared';

/** How often the count is asked again while the tab is visible (ms). */
export const UNREAD_REFRESH_MS = 60_000;
/** A focus and a visibility change arrive together: one call for both (ms). */
export const UNREAD_MIN_GAP_MS = 2_000;

/** The page of the notification centre (owned by mf-account). */
export const NOTIFICATIONS_PATH = '/notifications';

const isVisible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

const isNotificationsPath = (path: string): boolean =>
  path === NOTIFICATIONS_PATH || path.startsWith(`${NOTIFICATIONS_PATH}/`);

/** The unread count for a logged-in person; null for a guest, before the first answer, or after a failure. */
export function useUnreadNotifications(): number | null {
  const loggedIn = useAppStore((s) => s.auth.accessToken !== null);
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  const reload = useRef<(() => void) | null>(null);

  useEffect(() => {
    setCount(null);
    if (!loggedIn) return undefined;
    let alive = true;
    let latest = 0;
    let lastStart = 0;

    const load = (force: boolean) => {
      const started = Date.now();
      if (!force && started - lastStart < UNREAD_MIN_GAP_MS) return;
      lastStart = started;
      const call = (latest += 1);
      api
        .get<NotificationPage>(ACCOUNT_PATHS.notifications, { params: { page: 0, size: 1 } })
        .then((page) => {
          const unread = page?.unreadCount;
          if (typeof unread !== 'number' || !Number.isInteger(unread) || unread < 0) {
            throw new Error(`unreadCount is not a count: ${String(unread)}`);
          }
          if (alive && call === latest) setCount(unread);
        })
        .catch((error: unknown) => {
          if (!alive || call !== latest) return;
          setCount(null);
          console.error('[shell] unread notifications failed', error);
        });
    };

    reload.current = () => load(true);
    load(true);
    const onFocus = () => load(false);
    const onVisibility = () => {
      if (isVisible()) load(false);
    };
    const timer = window.setInterval(() => {
      if (isVisible()) load(true);
    }, UNREAD_REFRESH_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      alive = false;
      reload.current = null;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [loggedIn]);

  // Live: each new notification is one more unread (the server sends only those put in the centre).
  usePrivateStream(
    'notifications',
    (message: { type?: string } | null) => {
      if (message?.type === 'notification') setCount((current) => (current === null ? current : current + 1));
    },
    { onResync: () => reload.current?.(), enabled: loggedIn },
  );

  // Leaving the notification centre: what was read there no longer counts.
  const previousPath = useRef(pathname);
  useEffect(() => {
    const left = isNotificationsPath(previousPath.current) && !isNotificationsPath(pathname);
    previousPath.current = pathname;
    if (left) reload.current?.();
  }, [pathname]);

  return count;
}
