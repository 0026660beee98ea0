import { PRELOAD_ELEMENT_ID, type AdminPreload } from '../../../shared/api/earlyRequests';
import { adminApi } from './api';

/** The cache entries of a preload, shaped as the data provider returns them. */
export function preloadAction({ schemas, session, find }: AdminPreload) {
  return adminApi.util.upsertQueryEntries([
    ...(schemas
      ? [
          {
            endpointName: 'schemas' as const,
            arg: undefined,
            value: { models: schemas.models, elements: schemas.elements, values: schemas.values },
          },
        ]
      : []),
    { endpointName: 'permissions', arg: undefined, value: session.permissions },
    ...(find
      ? [{ endpointName: 'find' as const, arg: { model: find.model, params: find.params }, value: find.answer }]
      : []),
  ]);
}

/** The preload the server embedded in this document, if any. */
export function readPreload(): AdminPreload | undefined {
  const text = document.getElementById(PRELOAD_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AdminPreload;
  } catch {
    return undefined;
  }
}
