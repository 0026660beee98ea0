/**
 * How the admin names a related document (list cells, filter dropdowns, relation selects and chips): its label,
 * marked when it is deleted, and a neutral `Unknown client` when nothing names it (it is gone, or the reader may
 * not see it): an id means nothing to people.
 */

/** `Alte Kundin AG (deleted)` for a deleted one, else the label as it is. */
export function relatedLabel(label: string, deleted: boolean): string {
  return deleted ? `${label} (deleted)` : label;
}

/** `Unknown client`: a related document whose label is not known, by the title of its model. */
export function unknownRelated(modelTitle: string | undefined): string {
  return `Unknown ${(modelTitle ?? 'document').toLowerCase()}`;
}
