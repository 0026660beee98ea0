import { hasAccess, type Caller } from '../../access/caller';
import type { CmsItemChange, ServerEvent } from '../../events/bus';
import type { DocumentService } from '../documents/service';
import type { PushMessage } from '../../../shared/api/realtime';

export type VisibleTo = DocumentService['visibleTo'];

/** Queue states are backend information: only for members of the queue holding this permission. */
export const QUEUE_PERMISSION = 'manage:backend';

/**
 * What one socket receives of a bus event, in order: nothing when its caller may not see it.
 * A delete is filtered by the last state of the document, like any other change.
 */
export function pushesFor(
  event: ServerEvent,
  caller: Caller,
  queues: ReadonlySet<string>,
  visibleTo: VisibleTo,
): PushMessage[] {
  switch (event.type) {
    case 'document': {
      const doc = visibleTo(caller, event.model, event.doc);
      if (!doc) return [];
      return [{ type: 'document', data: { model: event.model, id: event.id, action: event.action, doc } }];
    }
    case 'cms/item':
      return cmsItemPushes(event, caller, visibleTo);
    case 'queue/state':
      if (!queues.has(event.queue) || !hasAccess(caller, QUEUE_PERMISSION)) return [];
      return [{ type: 'queue/state', data: { queue: event.queue, id: event.id, state: event.state } }];
    case 'session/revoked':
      // Ends the sessions it names (Connection.deliver); nothing to forward.
      return [];
    default:
      return unreachable(event);
  }
}

/**
 * A file or folder change (CmsItemChange): its document update (when the event is one) and its
 * folder's reload for those who may see it now; the old folder's reload for those who saw it there,
 * unless that is the folder they already reload. One push per folder to reload.
 */
function cmsItemPushes(event: CmsItemChange, caller: Caller, visibleTo: VisibleTo): PushMessage[] {
  const pushes: PushMessage[] = [];
  const doc = visibleTo(caller, event.model, event.doc);
  if (doc && event.update)
    pushes.push({ type: 'document', data: { model: event.model, id: event.id, action: 'update', doc } });
  if (doc) pushes.push({ type: 'cms/item', data: { id: event.id, parent: event.parent } });
  const { before } = event;
  if (
    before &&
    (!doc || before.parent !== event.parent) &&
    visibleTo(caller, event.model, { ...event.doc, _parent: before.parent, _read: before._read })
  )
    pushes.push({ type: 'cms/item', data: { id: event.id, parent: before.parent } });
  return pushes;
}

function unreachable(event: never): [] {
  void event;
  return [];
}

/** Does this event possibly change who the logged-in user of a socket is (roles, deletion, revoked sessions)? */
export function affectsSession(event: ServerEvent, userId: string | undefined): boolean {
  if (event.type !== 'document' || !userId) return false;
  return event.model === 'role' || (event.model === 'user' && event.id === userId);
}
