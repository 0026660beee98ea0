import { createRegistry } from '../../../shared/registry';
import { adminApi } from '../data/api';
import type { AdminStore } from '../data/store';
import { findParams, parseListState } from './listParams';

/**
 * Starts the first list request as soon as the schemas are in, before React has rendered the list:
 * the list page later subscribes to the very same cache entry (same model and parameters).
 */
export async function prefetchList(store: AdminStore, location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  const plural = /^\/_\/([A-Za-z][A-Za-z0-9]*)\/?$/.exec(location.pathname)?.[1];
  if (!plural) return;
  const schemas = await store.dispatch(adminApi.endpoints.schemas.initiate());
  if (!schemas.data) return;
  const model = createRegistry(schemas.data).modelByPlural(plural);
  if (!model || model.customScreen) return;
  const params = findParams(parseListState(new URLSearchParams(location.search), model), model);
  // Kept for a minute by RTK Query's cache; the list page picks it up on mount.
  store.dispatch(adminApi.endpoints.find.initiate({ model: model.name, params }, { subscribe: false }));
}
