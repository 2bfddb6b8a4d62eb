// The header's bell: a link to the notification centre with the unread count as a badge, for a
// logged-in person only. The count is in the link's name ("Notifikasi, 3 belum dibaca"); the badge
// itself is hidden from assistive technology. No count (loading, a failed call) means no badge.
import styled from '@emotion/styled';
import { formatNumber, Link, tokens, useAppStore, useLocation } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { usePrefixedNavigation } from '../routes/ShellRouter';
import { NOTIFICATIONS_PATH, useUnreadNotifications } from './use-unread-notifications';

/** Above this the badge says "99+" (the name keeps the exact count). */
export const BADGE_MAX = 99;

const BellLink = styled(Link)`
  position: relative;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: ${tokens.radii.md};
  color: ${tokens.colors.textMuted};
  text-decoration: none;
  &:hover,
  &[aria-current='page'] {
    color: ${tokens.colors.text};
    background: ${tokens.colors.surfaceSunken};
  }
`;

const Badge = styled.span`
  position: absolute;
  top: 2px;
  right: 2px;
  min-width: 18px;
  height: 18px;
  padding: 0 ${tokens.space.xxs};
  border: 2px solid ${tokens.colors.surface};
  border-radius: ${tokens.radii.pill};
  background: ${tokens.colors.danger};
  color: ${tokens.colors.onDanger};
  font-size: 0.6875rem;
  font-weight: ${tokens.fontWeights.bold};
  line-height: 14px;
  text-align: center;
  font-variant-numeric: tabular-nums;
  box-sizing: border-box;
`;

const BellIcon = () => (
  <svg
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </svg>
);

export function NotificationBell() {
  const loggedIn = useAppStore((s) => s.auth.accessToken !== null);
  if (!loggedIn) return null;
  return <Bell />;
}

function Bell() {
  const t = useShellT();
  const { language } = usePrefixedNavigation();
  const { pathname } = useLocation();
  const unread = useUnreadNotifications();
  const hasUnread = unread !== null && unread > 0;
  const label = hasUnread
    ? t('notifications.labelUnread', { unread: formatNumber(unread, language) })
    : t('notifications.label');
  const badge = hasUnread ? (unread > BADGE_MAX ? `${formatNumber(BADGE_MAX, language)}+` : formatNumber(unread, language)) : null;
  return (
    <BellLink
      to={NOTIFICATIONS_PATH}
      aria-label={label}
      aria-current={pathname === NOTIFICATIONS_PATH ? 'page' : undefined}
    >
      <BellIcon />
      {badge !== null && (
        <Badge aria-hidden="true" data-testid="notification-badge">
          {badge}
        </Badge>
      )}
    </BellLink>
  );
}
