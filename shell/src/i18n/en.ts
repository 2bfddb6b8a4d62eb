// The shell's own strings (namespace `shell`), English. Keys mirror ./id.ts.
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
  language: { label: 'Language', id: 'ID', en: 'EN', idName: 'Bahasa Indonesia', enName: 'English' },
  theme: { toLight: 'Switch to light theme', toDark: 'Switch to dark theme', light: 'Light', dark: 'Dark' },
  auth: { login: 'Log in', logout: 'Log out', signup: 'Sign up', loggedOut: 'You have logged out' },
  login: {
    title: 'Log in to Pasar',
    body: 'You log in with your phone number, a one-time code sent by SMS and your PIN. The login form is coming to this page.',
    noAccount: 'No account yet?',
    toSignup: 'Sign up',
  },
  signup: {
    title: 'Sign up for Pasar',
    body: 'Signing up takes your phone number, a one-time code sent by SMS and a PIN you choose. The signup form is coming to this page.',
    hasAccount: 'Already have an account?',
    toLogin: 'Log in',
  },
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
  prompt: {
    pinTitle: 'Enter your PIN',
    pinBody: 'This action needs your PIN to continue. Entering your PIN on the web is not available yet: please use the Pasar app for now.',
    acceptTitle: 'Accept the terms',
    acceptBody: 'This action needs you to accept the latest terms first. Accepting them on the web is not available yet: please use the Pasar app for now.',
    close: 'Close',
  },
  buildLabel: 'Build {{label}}',
};
