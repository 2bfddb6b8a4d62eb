// The one module this remote exposes (`./Module`): /account/* and the notifications centre.
import { defineRemoteModule } from '@pasar/shared';
import { lazy } from 'react';
import { ACCOUNT_NAMESPACE, accountTranslations } from './i18n';

const AccountHomePage = lazy(() => import('./pages/AccountHomePage').then((m) => ({ default: m.AccountHomePage })));
const LanguagePage = lazy(() => import('./pages/LanguagePage').then((m) => ({ default: m.LanguagePage })));
const NotificationsPage = lazy(() => import('./pages/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const settingsPage = (name: keyof typeof import('./pages/SettingsPages')) =>
  lazy(() => import('./pages/SettingsPages').then((m) => ({ default: m[name] })));

export default defineRemoteModule({
  id: 'mf_account',
  namespace: ACCOUNT_NAMESPACE,
  routes: [
    { path: '/account', Component: AccountHomePage, auth: true },
    { path: '/account/privacy', Component: settingsPage('PrivacyPage'), auth: true },
    { path: '/account/privacy/manage-session', Component: settingsPage('PrivacySessionsPage'), auth: true },
    { path: '/account/bankAccount', Component: settingsPage('BankAccountPage'), auth: true },
    { path: '/account/profile', Component: settingsPage('ProfilePage'), auth: true },
    { path: '/account/identity-verification', Component: settingsPage('IdentityVerificationPage'), auth: true },
    { path: '/account/notification', Component: settingsPage('NotificationSettingsPage'), auth: true },
    { path: '/account/manage-session', Component: settingsPage('ManageSessionPage'), auth: true },
    { path: '/account/language', Component: LanguagePage, auth: true },
    { path: '/notifications', Component: NotificationsPage, auth: true },
  ],
  nav: [
    { path: '/account', labelKey: 'nav.account', order: 50 },
    { path: '/notifications', labelKey: 'nav.notifications', order: 60 },
  ],
  i18n: accountTranslations,
  buildLabel: process.env.PASAR_BUILD_LABEL || undefined,
});
