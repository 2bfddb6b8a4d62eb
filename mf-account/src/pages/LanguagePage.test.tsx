import { currentLanguage, registerTranslations, setLanguage, useLocation } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { screen } from '@testing-library/react';
import { ACCOUNT_NAMESPACE, accountTranslations } from '../i18n';
import { LanguagePage } from './LanguagePage';

beforeAll(() => registerTranslations(ACCOUNT_NAMESPACE, accountTranslations));
afterEach(() => setLanguage('id'));

/** Where the router is (MemoryRouter without a basename: the full path). */
function WhereAmI() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent;

const renderAt = (route: string, language: 'id' | 'en') =>
  renderWithShell(
    <>
      <LanguagePage />
      <WhereAmI />
    </>,
    { route, language },
  );

describe('language page', () => {
  it('shows the current language as chosen', () => {
    renderAt('/account/language', 'id');
    expect(screen.getByRole('group', { name: 'Bahasa tampilan' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bahasa Indonesia' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
  });

  it('switches to English and moves under /en', async () => {
    const { user, store } = renderAt('/account/language', 'id');
    await user.click(screen.getByRole('radio', { name: 'English' }));

    expect(currentLanguage()).toBe('en');
    expect(store.getState().language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(location()).toBe('/en/account/language');
    expect(await screen.findByRole('heading', { level: 1, name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  });

  it('switches back to Indonesian and drops /en', async () => {
    const { user } = renderAt('/en/account/language', 'en');
    await user.click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }));

    expect(currentLanguage()).toBe('id');
    expect(location()).toBe('/account/language');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bahasa' })).toBeInTheDocument();
  });

  it('keeps the mobile-web prefix', async () => {
    const { user } = renderAt('/pwa/account/language', 'id');
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(location()).toBe('/pwa/en/account/language');
  });

  it('is usable from the keyboard', async () => {
    const { user } = renderAt('/account/language', 'id');
    await user.tab(); // the back link
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Bahasa Indonesia' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(currentLanguage()).toBe('en');
    expect(location()).toBe('/en/account/language');
  });
});
