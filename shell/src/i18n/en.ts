// The shell's own strings (namespace `shell`), English. Keys mirror ./id.ts (the sign-in, sign-up
// and prompt screens' strings: ./auth-en.ts).
import type { ShellStrings } from './id';

export const en: ShellStrings = {
  brand: 'Pasar',
  homeLink: 'To the trading page',
  skipToContent: 'Skip to content',
  nav: {
    label: 'Main navigation',
    trade: 'Trade',
    portfolio: 'Portfolio',
    balance: 'Balance',
    reports: 'Reports',
    transactionHistory: 'Transaction history',
    taxReports: 'Tax reports',
    account: 'Account',
  },
  menu: { open: 'Menu', label: 'Site menu' },
  headerBalance: { label: 'Balance', loading: 'Loading balance…' },
  notifications: { label: 'Notifications', labelUnread: 'Notifications, {{unread}} unread' },
  language: { label: 'Language', id: 'ID', en: 'EN', idName: 'Bahasa Indonesia', enName: 'English' },
  theme: { toLight: 'Switch to light theme', toDark: 'Switch to dark theme', light: 'Light', dark: 'Dark' },
  auth: { login: 'Log in', logout: 'Log out', signup: 'Sign up', loggedOut: 'You have logged out' },
  notFound: {
    title: 'Page not found',
    body: 'The address may be mistyped, or the page has moved.',
    home: 'Go to the trading page',
  },
  unavailable: {
    title: 'This part of Pasar is unavailable',
    body: 'The rest of Pasar keeps working. Try again in a moment.',
    retry: 'Retry',
  },
  loading: 'Loading…',
  loginRequired: {
    title: 'Log in to continue',
    body: 'This page shows your own account, so it needs you to be logged in.',
    login: 'Log in',
    signup: 'Sign up',
  },
  maintenance: {
    title: 'Pasar is under maintenance',
    body: 'We are improving the service. Your assets are safe. Please come back in a little while.',
    reload: 'Try again',
  },
  buildLabel: 'Build {{label}}',
};
