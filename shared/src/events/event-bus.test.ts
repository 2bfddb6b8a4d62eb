import { createEventBus } from './event-bus';
import type { EventMap } from './event-map';

describe('event bus', () => {
  it('delivers the payload to every subscriber of the event only', () => {
    const bus = createEventBus<EventMap>();
    const toasts: string[] = [];
    const logins: string[] = [];
    bus.on('toast:show', (t) => toasts.push(t.title));
    bus.on('toast:show', (t) => toasts.push(`again ${t.title}`));
    bus.on('auth:login', (p) => logins.push(p.userId));
    bus.emit('toast:show', { kind: 'error', title: 'Oops' });
    expect(toasts).toEqual(['Oops', 'again Oops']);
    expect(logins).toEqual([]);
  });

  it('stops delivering after the returned unsubscribe or off', () => {
    const bus = createEventBus<EventMap>();
    const seen: string[] = [];
    const handler = (p: { code: string }) => seen.push(p.code);
    const unsubscribe = bus.on('prompt:pin', handler);
    bus.emit('prompt:pin', { code: '040' });
    unsubscribe();
    bus.emit('prompt:pin', { code: '041' });
    bus.on('prompt:pin', handler);
    bus.off('prompt:pin', handler);
    bus.emit('prompt:pin', { code: '042' });
    expect(seen).toEqual(['040']);
    expect(bus.listenerCount('prompt:pin')).toBe(0);
  });

  it('calls a once handler a single time', () => {
    const bus = createEventBus<EventMap>();
    let count = 0;
    bus.once('session:maintenance', () => count++);
    bus.emit('session:maintenance');
    bus.emit('session:maintenance');
    expect(count).toBe(1);
  });

  it('keeps calling other handlers when one throws, and reports the error', () => {
    const errors: Array<[string, unknown]> = [];
    const bus = createEventBus<EventMap>({ onError: (event, error) => errors.push([event, error]) });
    const seen: string[] = [];
    bus.on('modal:open', () => {
      throw new Error('broken remote');
    });
    bus.on('modal:open', (kind) => seen.push(kind));
    bus.emit('modal:open', 'ShowBappebti');
    expect(seen).toEqual(['ShowBappebti']);
    expect(errors).toHaveLength(1);
    expect(errors[0][0]).toBe('modal:open');
  });

  it('logs a throwing handler to the console by default', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const bus = createEventBus<EventMap>();
    bus.on('balance:refresh', () => {
      throw new Error('x');
    });
    expect(() => bus.emit('balance:refresh', { crypto: true })).not.toThrow();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
