// The market clock: the wall clock until set; set, it runs on from the instant at the wall's pace
// or stays frozen; cleared, the wall clock again; stored and re-read; locked in production.
import { ClockLockedError, MarketClock, type ClockSetting, type ClockStore } from './clock';

const WALL = Date.parse('2026-11-25T10:00:00Z');
const EARLY_CLOSE_MINUS_ONE = Date.parse('2026-11-27T12:59:00-05:00');

function memoryStore(): ClockStore & { saved: ClockSetting | null } {
  const store = {
    saved: null as ClockSetting | null,
    load: async () => store.saved,
    save: async (setting: ClockSetting | null) => {
      store.saved = setting;
    },
  };
  return store;
}

describe('the market clock', () => {
  let wall: number;
  beforeEach(() => {
    wall = WALL;
  });

  it('is the wall clock until set, runs on from a set instant, and is the wall clock again when cleared', async () => {
    const clock = new MarketClock({ wall: () => wall, adjustable: true });
    expect(clock.now()).toBe(WALL);
    await clock.set(EARLY_CLOSE_MINUS_ONE);
    expect(clock.now()).toBe(EARLY_CLOSE_MINUS_ONE);
    wall += 61_000;
    expect(clock.now()).toBe(EARLY_CLOSE_MINUS_ONE + 61_000);
    expect(clock.setting()).toEqual({ at: EARLY_CLOSE_MINUS_ONE, setAt: WALL, frozen: false });
    await clock.clear();
    expect(clock.now()).toBe(wall);
    expect(clock.setting()).toBeNull();
  });

  it('stays at a frozen instant while the wall clock moves', async () => {
    const clock = new MarketClock({ wall: () => wall, adjustable: true });
    await clock.set(EARLY_CLOSE_MINUS_ONE, { frozen: true });
    wall += 3_600_000;
    expect(clock.now()).toBe(EARLY_CLOSE_MINUS_ONE);
  });

  it('stores its setting, which a clock started later (another instance) loads and agrees with', async () => {
    const store = memoryStore();
    const first = new MarketClock({ wall: () => wall, adjustable: true, store });
    await first.set(EARLY_CLOSE_MINUS_ONE);
    expect(store.saved).toEqual({ at: EARLY_CLOSE_MINUS_ONE, setAt: WALL, frozen: false });
    wall += 30_000;
    const later = new MarketClock({ wall: () => wall, adjustable: true, store });
    expect(later.now()).toBe(wall);
    await later.load();
    expect(later.now()).toBe(first.now());
    expect(later.now()).toBe(EARLY_CLOSE_MINUS_ONE + 30_000);
  });

  it('tells its listeners whether a change was made here or re-read from another instance', async () => {
    const store = memoryStore();
    const here = new MarketClock({ wall: () => wall, adjustable: true, store });
    const there = new MarketClock({ wall: () => wall, adjustable: true, store });
    const heard: string[] = [];
    here.onChange((setting, origin) => heard.push(`here ${origin} ${setting ? 'set' : 'clear'}`));
    there.onChange((setting, origin) => heard.push(`there ${origin} ${setting ? 'set' : 'clear'}`));
    await here.set(EARLY_CLOSE_MINUS_ONE, { frozen: true });
    await there.reload();
    expect(there.now()).toBe(EARLY_CLOSE_MINUS_ONE);
    await there.clear();
    await here.reload();
    expect(here.now()).toBe(WALL);
    expect(heard).toEqual(['here local set', 'there remote set', 'there local clear', 'here remote clear']);
  });

  it('cannot be set in production, and ignores a stored setting there', async () => {
    const store = memoryStore();
    store.saved = { at: EARLY_CLOSE_MINUS_ONE, setAt: WALL, frozen: true };
    const clock = new MarketClock({ wall: () => wall, adjustable: false, store });
    await clock.load();
    expect(clock.now()).toBe(WALL);
    await expect(clock.set(EARLY_CLOSE_MINUS_ONE)).rejects.toBeInstanceOf(ClockLockedError);
    await expect(clock.clear()).rejects.toBeInstanceOf(ClockLockedError);
    await clock.reload();
    expect(clock.now()).toBe(WALL);
    expect(store.saved?.at).toBe(EARLY_CLOSE_MINUS_ONE);
  });

  it('refuses an instant that is not a number', async () => {
    const clock = new MarketClock({ wall: () => wall, adjustable: true });
    await expect(clock.set(Number.NaN)).rejects.toBeInstanceOf(RangeError);
    expect(clock.setting()).toBeNull();
  });
});
