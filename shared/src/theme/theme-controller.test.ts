import Cookies from 'js-cookie';
import { createEventBus, type EventMap } from '../events';
import { createAppStore } from '../store/app-store';
import { darkTheme } from './theme-definitions';
import { initTheme, setTheme } from './theme-controller';

const setup = () => {
  const store = createAppStore();
  const bus = createEventBus<EventMap>();
  const root = document.createElement('div');
  const seen: string[] = [];
  bus.on('theme:changed', ({ theme }) => seen.push(theme));
  return { store, bus, root, seen };
};

describe('setTheme', () => {
  it('applies the variables, remembers the choice, updates the store and emits once', () => {
    const { store, bus, root, seen } = setup();
    setTheme('dark', { store, bus, root });

    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--pasar-color-surface')).toBe(darkTheme.colors.surface);
    expect(Cookies.get('theme')).toBe('dark');
    expect(store.getState().theme).toBe('dark');
    expect(seen).toEqual(['dark']);

    setTheme('dark', { store, bus, root });
    expect(seen).toEqual(['dark']);
  });
});

describe('initTheme', () => {
  it('applies the theme the store starts with', () => {
    const store = createAppStore({ initial: { theme: 'dark' } });
    const root = document.createElement('div');
    expect(initTheme({ store, root })).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
  });
});
