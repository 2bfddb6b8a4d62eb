// English strings of the `account` namespace.
import type { AccountMessages } from './id';

export const en: AccountMessages = {
  nav: { account: 'Account', notifications: 'Notifications' },
  common: {
    soonTitle: 'Coming soon',
    backToAccount: 'Back to account',
  },
  home: {
    title: 'Account',
    description: 'Manage your profile, security, bank accounts and preferences.',
    settings: 'Account settings',
  },
  privacy: {
    title: 'Privacy and security',
    description: 'Control your account’s security and the devices that can reach it.',
    body: 'PIN and personal data settings arrive here soon.',
    sessions: 'Signed-in devices',
  },
  privacySessions: {
    title: 'Signed-in devices',
    description: 'The devices your account is signed in on, seen from your privacy settings.',
    body: 'The device list and sign-out buttons arrive here soon.',
    back: 'Back to privacy and security',
  },
  bankAccount: {
    title: 'Bank accounts',
    description: 'The accounts your balance is withdrawn to.',
    body: 'Your registered bank accounts will show here.',
  },
  profile: {
    title: 'Profile',
    description: 'Your account’s name, phone number and email.',
    body: 'Your profile details will show here soon.',
  },
  identity: {
    title: 'Identity verification',
    description: 'Verify your identity to trade in every market.',
    body: 'Your verification status and steps will show here soon.',
  },
  notificationSettings: {
    title: 'Notification settings',
    description: 'Choose the notifications you receive, including margin calls and account liquidation.',
    body: 'Notification choices will show here soon.',
  },
  manageSession: {
    title: 'Manage sessions',
    description: 'See the devices connected to your account and sign out the ones you do not know.',
    body: 'Your active and inactive sessions will show here soon.',
  },
  language: {
    title: 'Language',
    description: 'Choose the language the app is shown in.',
    legend: 'Display language',
    id: 'Bahasa Indonesia',
    en: 'English',
  },
  notifications: {
    title: 'Notifications',
    description: 'The latest about your orders, balance and account.',
    emptyTitle: 'No notifications yet',
    emptyBody: 'New notifications will show up here.',
    settings: 'Notification settings',
  },
};
