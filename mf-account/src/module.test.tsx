import { registerTranslations, type Language } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen } from '@testing-library/react';
import accountModule from './module';

beforeAll(() => registerTranslations(accountModule.namespace, accountModule.i18n));

describe('account module', () => {
  it('is mf_account with the account namespace', () => {
    expect(accountModule.id).toBe('mf_account');
    expect(accountModule.namespace).toBe('account');
  });

  it('lists exactly its spec routes, all for logged-in users', () => {
    expect(accountModule.routes.map(({ path, guest, auth }) => ({ path, guest, auth }))).toEqual(
      [
        '/account',
        '/account/privacy',
        '/account/privacy/manage-session',
        '/account/bankAccount',
        '/account/profile',
        '/account/identity-verification',
        '/account/notification',
        '/account/manage-session',
        '/account/language',
        '/notifications',
      ].map((path) => ({ path, guest: undefined, auth: true })),
    );
  });

  it('offers the account and notifications in the navigation', () => {
    expect(accountModule.nav.map((entry) => entry.path)).toEqual(['/account', '/notifications']);
  });
});

const HEADINGS: { path: string; heading: Record<Language, string> }[] = [
  { path: '/account', heading: { id: 'Akun', en: 'Account' } },
  { path: '/account/privacy', heading: { id: 'Privasi dan keamanan', en: 'Privacy and security' } },
  { path: '/account/privacy/manage-session', heading: { id: 'Perangkat yang masuk', en: 'Signed-in devices' } },
  { path: '/account/bankAccount', heading: { id: 'Rekening bank', en: 'Bank accounts' } },
  { path: '/account/profile', heading: { id: 'Profil', en: 'Profile' } },
  { path: '/account/identity-verification', heading: { id: 'Verifikasi identitas', en: 'Identity verification' } },
  { path: '/account/notification', heading: { id: 'Pengaturan notifikasi', en: 'Notification settings' } },
  { path: '/account/manage-session', heading: { id: 'Kelola sesi', en: 'Manage sessions' } },
  { path: '/account/language', heading: { id: 'Bahasa', en: 'Language' } },
  { path: '/notifications', heading: { id: 'Notifikasi', en: 'Notifications' } },
];

describe.each(['id', 'en'] as const)('every account page in %s', (language) => {
  it.each(HEADINGS)('$path shows its translated heading', async ({ path, heading }) => {
    const { Component } = accountModule.routes.find((r) => r.path === path)!;
    renderWithShell(<Component />, { route: path, path, language });
    expect(await screen.findByRole('heading', { level: 1, name: heading[language] })).toBeInTheDocument();
  });

  it('gives every page its own heading', () => {
    const headings = HEADINGS.map((h) => h.heading[language]);
    expect(new Set(headings).size).toBe(accountModule.routes.length);
  });
});
