import { relationKey } from './relationOption';
import type { FormDataSource, RelationOption, RelationQuery } from './types';

/**
 * Relation options per relation (model, label, key, `where` and details), requested once while a form is
 * open (an invoice's items all ask for the same users). A failed request is forgotten so the next render retries.
 */
export function createOptionCache(dataSource: FormDataSource): (relation: RelationQuery) => Promise<RelationOption[]> {
  const cache = new Map<string, Promise<RelationOption[]>>();
  return (relation) => {
    const key = relationKey(relation);
    let pending = cache.get(key);
    if (!pending) {
      pending = dataSource.loadOptions(relation);
      pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  };
}
