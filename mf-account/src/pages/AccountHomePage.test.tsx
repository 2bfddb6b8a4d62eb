import { registerTranslations } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import accountModule from '../module';
import { AccountHomePage } from './AccountHomePage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));

describe('account home', () => {
  it('links to every other page of the remote', () => {
    renderWithShell(<AccountHomePage />, { route: '/account', language: 'en' });
    const settings = screen.getByRole('region', { name: 'Account settings' });
    const targets = within(settings)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    const otherPages = accountModule.routes.map((r) => r.path).filter((path) => path !== '/account');
    expect([...targets].sort()).toEqual([...otherPages].sort());
  });

  it('names each link after its page', () => {
    renderWithShell(<AccountHomePage />, { route: '/account' });
    expect(screen.getByRole('link', { name: /^Bahasa/ })).toHaveAttribute('href', '/account/language');
    expect(screen.getByRole('link', { name: /^Rekening bank/ })).toHaveAttribute('href', '/account/bankAccount');
  });
});
