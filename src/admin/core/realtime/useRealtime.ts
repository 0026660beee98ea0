import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { Registry } from '../../../shared/registry';
import { adminApi, docTag, listTag } from '../data/api';
import { endSession } from '../session/session';
import { filesApi, folderTag } from '../data/filesApi';
import { realtimeHub } from './hub';
import { connectRealtime, type DocumentEvent } from './socket';

/** Tags a change touches: the model's lists, the document, and lists of models that show it as a relation. */
export function tagsOf(registry: Pick<Registry, 'models'>, event: Pick<DocumentEvent, 'model' | 'id'>) {
  const referencing = Object.values(registry.models).filter((model) =>
    model.relations.some((field) => field.relation?.model === event.model),
  );
  return [listTag(event.model), docTag(event.model, event.id), ...referencing.map((model) => listTag(model.name))];
}

/** Keeps RTK Query's cache in step with changes made elsewhere (another tab, another user, the server). */
export function useRealtime(token: string, registry: Registry): void {
  const dispatch = useDispatch();
  useEffect(
    () =>
      connectRealtime(token, {
        onDocument: (event) => dispatch(adminApi.util.invalidateTags(tagsOf(registry, event))),
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
