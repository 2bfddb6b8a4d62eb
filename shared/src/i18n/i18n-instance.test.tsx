import { render, renderHook, screen, act } from '@testing-library/react';
import Cookies from 'js-cookie';
import { eventBus } from '../events/event-bus';
import { appStore } from '../store/app-store';
import { commonTranslations } from './common-translations';
import { currentLanguage, i18n, registerTranslations, setLanguage } from './i18n-instance';
import { useT } from './use-t';

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function Greeting({ ns, k }: { ns: string; k: string }) {
  const { t } = useT(ns);
  return <p>{t(k)}</p>;
}

afterEach(async () => {
  await setLanguage('id');
});

describe('i18n instance', () => {
  it('starts in Indonesian, initialized synchronously', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(currentLanguage()).toBe('id');
    expect(i18n.t('retry')).toBe('Coba lagi');
  });

  it('has the same common keys in both languages', () => {
    expect(keysOf(commonTranslations.en).sort()).toEqual(keysOf(commonTranslations.id).sort());
    expect(i18n.t('appName')).toBe('Pasar');
    expect(i18n.t('maintenance.title', { lng: 'en' })).toBe('Under maintenance');
    expect(i18n.t('error.generic', { lng: 'en' })).toBe('Something went wrong');
  });

  it('renders translated text on the first render', () => {
    render(<Greeting ns="common" k="auth.login" />);
    expect(screen.getByText('Masuk')).toBeTruthy();
  });
});

describe('useT', () => {
  it('keeps one t while the language stays, gives a new one when it changes, and stops listening on unmount', async () => {
    const on = jest.spyOn(i18n, 'on');
    const off = jest.spyOn(i18n, 'off');
    const { result, rerender, unmount } = renderHook(() => useT('common'));
    const first = result.current.t;
    rerender();
    expect(result.current.t).toBe(first);
    expect(on).toHaveBeenCalledTimes(1);
    await act(() => setLanguage('en'));
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('auth.logout')).toBe('Log out');
    expect(first('auth.logout')).toBe('Keluar');
    unmount();
    expect(off).toHaveBeenCalledWith('languageChanged', on.mock.calls[0][1]);
    on.mockRestore();
    off.mockRestore();
  });
});

describe('setLanguage', () => {
  it('switches i18next, writes the cookie, updates the store and emits language:changed', async () => {
    const seen: string[] = [];
    const off = eventBus.on('language:changed', (p) => seen.push(p.language));
    render(<Greeting ns="common" k="auth.logout" />);
    expect(screen.getByText('Keluar')).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(screen.getByText('Log out')).toBeTruthy();
    expect(Cookies.get('language')).toBe('en');
    expect(appStore.getState().language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(seen).toEqual(['en']);
    off();
  });

  it('does not emit when the language does not change', async () => {
    const seen: string[] = [];
    const off = eventBus.on('language:changed', (p) => seen.push(p.language));
    await setLanguage('id');
    expect(seen).toEqual([]);
    off();
  });

  it('refuses a language the app does not have', async () => {
    await expect(setLanguage('fr' as 'en')).rejects.toThrow();
    expect(currentLanguage()).toBe('id');
  });
});

describe('registerTranslations', () => {
  it('adds a remote namespace in both languages', async () => {
    registerTranslations('trade', { id: { title: 'Perdagangan' }, en: { title: 'Trading' } });
    render(<Greeting ns="trade" k="title" />);
    expect(screen.getByText('Perdagangan')).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(screen.getByText('Trading')).toBeTruthy();
  });

  it('extends an existing namespace without dropping keys', () => {
    registerTranslations('wallet', { id: { a: 'A-id' }, en: { a: 'A-en' } });
    registerTranslations('wallet', { id: { b: 'B-id' }, en: { b: 'B-en' } });
    expect(i18n.t('wallet:a')).toBe('A-id');
    expect(i18n.t('wallet:b')).toBe('B-id');
  });
});
