import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { Registry } from '../../../shared/registry';
import { adminApi, docTag, listTag, markDeleted } from '../data/api';
import type { AdminDispatch } from '../data/store';
import { endSession } from '../session/session';
import { filesApi, folderTag } from '../data/filesApi';
import { realtimeHub } from './hub';
import { connectRealtime, type DocumentEvent } from './socket';

/**
 * Tags a change touches: the model's lists, the document, and lists of models that show it as a relation. A deleted
 * document is not asked for again (it would answer 404): its cached copies are marked deleted instead (markDeleted).
 */
export function tagsOf(registry: Pick<Registry, 'models'>, event: Pick<DocumentEvent, 'model' | 'id' | 'action'>) {
  const referencing = Object.values(registry.models).filter((model) =>
    model.relations.some((field) => field.relation?.model === event.model),
  );
  const own = event.action === 'delete' ? [] : [docTag(event.model, event.id)];
  return [listTag(event.model), ...own, ...referencing.map((model) => listTag(model.name))];
}

/** What a delete event says of the deleted document, to mark its cached copies with. */
function deletionOf(event: DocumentEvent) {
  const doc = event.doc ?? {};
  const deletedAt = typeof doc._deletedAt === 'string' ? doc._deletedAt : new Date().toISOString();
  return {
    _deletedAt: deletedAt,
    ...(typeof doc._version === 'number' ? { _version: doc._version } : {}),
    ...(typeof doc._updatedAt === 'string' ? { _updatedAt: doc._updatedAt } : {}),
  };
}

/** Keeps RTK Query's cache in step with changes made elsewhere (another tab, another user, the server). */
export function useRealtime(token: string, registry: Registry): void {
  const dispatch = useDispatch<AdminDispatch>();
  useEffect(
    () =>
      connectRealtime(token, {
        onDocument: (event) => {
          if (event.action === 'delete') dispatch(markDeleted(event.model, event.id, deletionOf(event)));
          dispatch(adminApi.util.invalidateTags(tagsOf(registry, event)));
        },
        onReady: () => dispatch(filesApi.util.invalidateTags(['Doc', 'Folder', 'Queue'])),
        onLogout: (event) => endSession(event?.code),
        onConnected: (send, request) => realtimeHub.connected(send, request),
        onDisconnected: () => realtimeHub.disconnected(),
        onPush: (message) => {
          // A file or folder changed: its folder reloads (spec section 4, "Realtime").
          if (message.type === 'cms/item') {
            const { id, parent } = message.data;
            dispatch(filesApi.util.invalidateTags([folderTag(parent), docTag('file', id), docTag('folder', id)]));
          }
          realtimeHub.emit(message);
        },
      }),
    [dispatch, token, registry],
  );
}
