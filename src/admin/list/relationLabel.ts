import { relatedLabel, unknownRelated } from '../../shared/admin/relatedLabel';
import type { FieldInfo } from '../../shared/registry';

/**
 * The name of a related document in a list cell, as the API populated it: its label, `… (deleted)` for a
 * deleted one, and `Unknown client` (by `related`, the title of the target model) for a key the API left as it
 * was (the document is gone, or the caller may not read it) or a document without a label. Never its id.
 */
export function relationLabel(value: unknown, field: Pick<FieldInfo, 'relation'>, related?: string): string {
  if (value === undefined || value === null || value === '') return '';
  // A key the list never got a document for: a relation keyed by a name (user roles) is its own label.
  if (typeof value !== 'object') return field.relation?.key === '_id' ? unknownRelated(related) : String(value);
  const record = value as Record<string, unknown>;
  const label = record[field.relation?.label ?? 'name'];
  const known = label !== undefined && label !== null && label !== '';
  return relatedLabel(known ? String(label) : unknownRelated(related), record._deletedAt !== undefined);
}
