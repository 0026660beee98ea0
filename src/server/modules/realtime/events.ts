import { hasAccess, type Caller } from '../../access/caller';
import type { ServerEvent } from '../../events/bus';
import type { DocumentService } from '../documents/service';
import type { PushMessage } from '../../../shared/api/realtime';

export type VisibleTo = DocumentService['visibleTo'];

/** Queue states are backend information: only for members of the queue holding this permission. */
export const QUEUE_PERMISSION = 'manage:backend';

/**
 * What one socket receives of a bus event, or undefined when its caller may not see it.
 * A delete is filtered by the last state of the document, like any other change.
 */
export function pushFor(
  event: ServerEvent,
  caller: Caller,
  queues: ReadonlySet<string>,
  visibleTo: VisibleTo,
): PushMessage | undefined {
  switch (event.type) {
    case 'document': {
      const doc = visibleTo(caller, event.model, event.doc);
      if (!doc) return undefined;
      return { type: 'document', data: { model: event.model, id: event.id, action: event.action, doc } };
    }
    case 'cms/item':
      if (!visibleTo(caller, event.model, event.doc)) return undefined;
      return { type: 'cms/item', data: { id: event.id, parent: event.parent } };
    case 'queue/state':
      if (!queues.has(event.queue) || !hasAccess(caller, QUEUE_PERMISSION)) return undefined;
      return { type: 'queue/state', data: { queue: event.queue, id: event.id, state: event.state } };
    case 'session/revoked':
      // Ends the sessions it names (Connection.deliver); nothing to forward.
      return undefined;
    default:
      return unreachable(event);
  }
}

function unreachable(event: never): undefined {
  void event;
  return undefined;
}

/** Does this event possibly change who the logged-in user of a socket is (roles, deletion, revoked sessions)? */
export function affectsSession(event: ServerEvent, userId: string | undefined): boolean {
  if (event.type !== 'document' || !userId) return false;
  return event.model === 'role' || (event.model === 'user' && event.id === userId);
}
