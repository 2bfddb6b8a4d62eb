// Notifications as they happen (a fired price alert, a filled order, …): each one the server puts
// in the person's centre arrives on the private stream's `notifications` channel, on any page. It
// shows as a toast; when the tab is in the background and the person allowed it, also as a system
// notification (the browser's Notification API), whose click opens what it is about. The header's
// bell counts it at once (use-unread-notifications.ts). A fired price alert also tells the trade
// page, through the shared store's `ui.priceAlertSidebar.fetch`, that the person's alerts changed.
import {
  appStore,
  notificationPath,
  showToast,
  usePrivateStream,
  useNavigate,
  type NotificationStreamEvent,
} from '@pasar/shared';
import { showSystemNotification } from '@pasar/shared/system-notifications';

export const isNotificationEvent = (message: unknown): message is NotificationStreamEvent => {
  const event = message as Partial<NotificationStreamEvent> | null;
  return event?.type === 'notification' && typeof event.notification?.id === 'string' && typeof event.notification.title === 'string';
};

export function useLiveNotifications(): void {
  const navigate = useNavigate();
  usePrivateStream('notifications', (message: unknown) => {
    if (!isNotificationEvent(message)) return;
    const { notification } = message;
    // A one-shot alert is no longer active once it fired; a repeating one counts another crossing.
    if (notification.type === 'PRICE_ALERT') appStore.getState().setPriceAlertSidebar({ fetch: true });
    showToast({ kind: 'info', title: notification.title, description: notification.body });
    const target = notificationPath(notification.link);
    showSystemNotification({ title: notification.title, body: notification.body, tag: notification.id }, () => {
      if (target) navigate(target);
    });
  });
}
