import type { SchemaSet } from '../../../shared/registry';
import { adminApi } from './api';
import type { FindAnswer, FindParams } from './types';

/**
 * The first data of a page the server rendered (answers of the same API calls the admin would make),
 * embedded in the HTML as JSON. Entered into the cache before the first render, so the browser's
 * first render shows what the server's did.
 */
export interface AdminPreload {
  /**
   * `GET /api/schemas`: the server renders with it but leaves it out of the page (100 kB that would
   * delay the first paint); the browser asks for it from the HTML's head while the page shows.
   */
  schemas?: SchemaSet;
  /** `GET /api/admin/session` */
  session: { permissions: string[] };
  /** `POST /api/document/find` of the list the URL shows. */
  find?: { model: string; params: FindParams; answer: FindAnswer };
}

export const PRELOAD_ELEMENT_ID = 'admin-preload';

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
