// System notifications (the browser's Notification API) for notices that arrive while the tab is
// in the background. Two things decide whether one is shown: the browser's permission (asked only
// when the person chooses it, at a moment that says why: never at page load) and the person's own
// switch on this device (`systemNotifications` in localStorage, on once they allow it, and
// changeable on the notification settings page without touching the browser's permission).
import { readItem, writeItem } from '../storage/browser-storage';

export const SYSTEM_NOTIFICATIONS_KEY = 'systemNotifications';

/** What the notification settings page shows. */
export type SystemNotificationState = 'unsupported' | 'denied' | 'ask' | 'on' | 'off';

type Permission = 'default' | 'denied' | 'granted';

interface NotificationApi {
  readonly permission: Permission;
  requestPermission(): Promise<Permission>;
  new (title: string, options?: { body?: string; tag?: string }): { onclick: ((this: unknown, event: Event) => unknown) | null; close(): void };
}

const notificationApi = (): NotificationApi | null =>
  typeof window !== 'undefined' && 'Notification' in window ? (window.Notification as unknown as NotificationApi) : null;

const switchedOn = (): boolean => readItem(SYSTEM_NOTIFICATIONS_KEY) !== 'off';

export function systemNotificationState(): SystemNotificationState {
  const api = notificationApi();
  if (!api) return 'unsupported';
  if (api.permission === 'denied') return 'denied';
  if (api.permission === 'default') return 'ask';
  return switchedOn() ? 'on' : 'off';
}

/**
 * Asks the browser (only from a person's click) and switches them on when allowed; answers the
 * state after the answer.
 */
export async function enableSystemNotifications(): Promise<SystemNotificationState> {
  const api = notificationApi();
  if (!api) return 'unsupported';
  const permission = api.permission === 'granted' ? 'granted' : await api.requestPermission();
  if (permission === 'granted') writeItem(SYSTEM_NOTIFICATIONS_KEY, 'on');
  return systemNotificationState();
}

/** Switches them off on this device (the browser's permission stays as it is). */
export function disableSystemNotifications(): SystemNotificationState {
  writeItem(SYSTEM_NOTIFICATIONS_KEY, 'off');
  return systemNotificationState();
}

/**
 * Shows a system notification when the tab is in the background and the person allows them;
 * answers whether one was shown. A click brings the tab forward and calls `onClick`.
 */
export function showSystemNotification(notice: { title: string; body: string; tag?: string }, onClick?: () => void): boolean {
  const api = notificationApi();
  if (!api || systemNotificationState() !== 'on') return false;
  if (typeof document !== 'undefined' && document.visibilityState !== 'hidden') return false;
  try {
    const shown = new api(notice.title, { body: notice.body, ...(notice.tag ? { tag: notice.tag } : {}) });
    shown.onclick = () => {
      window.focus();
      onClick?.();
      shown.close();
    };
    return true;
  } catch {
    // Some mobile browsers only show them through a service worker: the in-app toast still shows.
    return false;
  }
}
