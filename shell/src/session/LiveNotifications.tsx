// Live notifications for a signed-in person, in their own chunk: a guest's first load carries
// neither the listener nor the browser's Notification API wrapper (use-live-notifications.ts).
import { useLiveNotifications } from './use-live-notifications';

export default function LiveNotifications(): null {
  useLiveNotifications();
  return null;
}
