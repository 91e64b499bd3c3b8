import type { EventName, EventPayload } from '../shared/contract/events';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Fan-out of core events to whatever front door is listening (IPC, the host's stream, the CLI's stderr). */
export interface EventBus {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      for (const l of listeners) l(name, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
