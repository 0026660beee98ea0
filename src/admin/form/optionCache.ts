import type { FormDataSource, RelationOption } from './types';

/**
 * Relation options per model and label field, requested once while a form is open (an invoice's
 * items all ask for the same users). A failed request is forgotten so the next render retries.
 */
export function createOptionCache(
  dataSource: FormDataSource,
): (model: string, labelField: string) => Promise<RelationOption[]> {
  const cache = new Map<string, Promise<RelationOption[]>>();
  return (model, labelField) => {
    const key = `${model}\u0000${labelField}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = dataSource.loadOptions(model, labelField);
      pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  };
}
