// Every page the account home leads to, in the order it lists them.
export interface AccountLink {
  path: string;
  /** Section of the `account` namespace with the page's `title` and `description`. */
  section: string;
}

export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { path: '/account/profile', section: 'profile' },
  { path: '/account/identity-verification', section: 'identity' },
  { path: '/account/bankAccount', section: 'bankAccount' },
  { path: '/account/privacy', section: 'privacy' },
  { path: '/account/privacy/manage-session', section: 'privacySessions' },
  { path: '/account/manage-session', section: 'manageSession' },
  { path: '/account/notification', section: 'notificationSettings' },
  { path: '/account/language', section: 'language' },
  { path: '/notifications', section: 'notifications' },
];
