// A small typed publish/subscribe bus: the only channel between remotes besides the store.
import type { EventMap } from './event-map';

export type EventHandler<P> = (payload: P) => void;

/** Events whose payload is `undefined` are emitted without an argument. */
export type EventArgs<P> = [P] extends [undefined] ? [] : [payload: P];

export interface EventBus<M extends object> {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends keyof M & string>(event: K, handler: EventHandler<M[K]>): () => void;
  /** Subscribes for the next emission only. */
  once<K extends keyof M & string>(event: K, handler: EventHandler<M[K]>): () => void;
  off<K extends keyof M & string>(event: K, handler: EventHandler<M[K]>): void;
  emit<K extends keyof M & string>(event: K, ...args: EventArgs<M[K]>): void;
  /** Number of handlers of one event (for tests and leak checks). */
  listenerCount<K extends keyof M & string>(event: K): number;
}

export interface EventBusOptions {
  /** Where a throwing handler is reported; default console.error. */
  onError?: (event: string, error: unknown) => void;
}

export function createEventBus<M extends object>(options: EventBusOptions = {}): EventBus<M> {
  const handlers = new Map<string, Set<EventHandler<never>>>();
  const onError =
    options.onError ?? ((event: string, error: unknown) => console.error(`[event-bus] handler of "${event}" failed`, error));

  const bus: EventBus<M> = {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as EventHandler<never>);
      return () => bus.off(event, handler);
    },
    once(event, handler) {
      const wrapper: EventHandler<M[typeof event]> = (payload) => {
        off();
        handler(payload);
      };
      const off = bus.on(event, wrapper);
      return off;
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler as EventHandler<never>);
    },
    emit(event, ...args) {
      const set = handlers.get(event);
      if (!set) return;
      // A copy, so handlers that unsubscribe (once) do not disturb this round.
      for (const handler of [...set]) {
        try {
          (handler as EventHandler<unknown>)(args[0]);
        } catch (error) {
          // One broken listener (a remote's bug) must not silence the others.
          onError(event, error);
        }
      }
    },
    listenerCount(event) {
      return handlers.get(event)?.size ?? 0;
    },
  };
  return bus;
}

/** The one bus of the page, shared by the shell and every remote (shared is a singleton). */
export const eventBus: EventBus<EventMap> = createEventBus<EventMap>();
