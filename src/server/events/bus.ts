import { EventEmitter } from 'node:events';
import type { QueueStateEvent } from '../../shared/api/realtime';

/** What operations announce; the realtime socket forwards each to the clients allowed to see it. */
export type ServerEvent =
  | {
      type: 'document';
      model: string;
      id: string;
      action: 'create' | 'update' | 'delete';
      doc: Record<string, unknown>;
    }
  | { type: 'cms/item'; id: string; parent: string | null; model: 'file' | 'folder'; doc: Record<string, unknown> }
  | ({ type: 'queue/state' } & QueueStateEvent);

export interface EventBus {
  publish(event: ServerEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: ServerEvent) => void): () => void;
}

/** In-process bus. With PostgreSQL, a LISTEN/NOTIFY bridge can republish events of other processes here. */
export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit('event', event),
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
