import { EventEmitter } from 'node:events';
import type { SessionEndCode } from '../../shared/api/auth';
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
  | CmsItemChange
  | ({ type: 'queue/state' } & QueueStateEvent)
  | SessionRevokedEvent;

/**
 * A file or folder changed (files/itemEvents.ts): those who may see `doc` reload its folder `parent`
 * (a `cms/item` push). One event per item and change; the realtime socket sends each receiver what
 * its roles let it see of it (realtime/events.ts).
 */
export interface CmsItemChange {
  type: 'cms/item';
  id: string;
  parent: string | null;
  model: 'file' | 'folder';
  doc: Record<string, unknown>;
  /**
   * The item's folder and `_read` before the change, when either changed: those its old `_read` let in
   * reload that folder (if they see it now, only when it is another one). They learn only the item's id.
   */
  before?: { parent: string | null; _read: unknown };
  /**
   * The change is also an update of the item's document that no `document` event announces (an item
   * changed with the folder above it): those who may see `doc` get it as a `document` update too.
   */
  update?: true;
}

/**
 * Login sessions were revoked (logout, password change): the auth service announces it right after the
 * database says so, and every process drops what it holds of them at once (cached callers, realtime
 * sockets). Sessions are named by their token's SHA-256 (never the token): `session` is one session;
 * without it, every session of `userId` except the one `except` names (the one a password was changed through).
 */
export type SessionRevokedEvent =
  | { type: 'session/revoked'; session: string }
  | { type: 'session/revoked'; userId: string; except?: string; reason?: SessionEndCode };

/** Is the session of this token hash, logged in as this user, among the revoked ones? */
export function isRevoked(event: SessionRevokedEvent, hash: string, userId: string | undefined): boolean {
  if ('session' in event) return event.session === hash;
  return event.userId === userId && event.except !== hash;
}

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
