import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../shared/registry';

/**
 * The grids of an object's fields, by the width of their container (`@container` around them): two columns
 * from 28rem; a list item (a card, narrower) two from 24rem and four from 32rem. Narrower (the page editor's sidebar, a phone) they stack.
 */
export const GRID = {
  object: 'grid gap-4 @md:grid-cols-2',
  item: 'grid gap-3 @sm:grid-cols-2 @lg:grid-cols-4',
  /** A text field in a list item's four columns takes two, so names stay readable. */
  itemText: '@lg:col-span-2',
} as const;

const WIDE_WIDGETS = new Set(['textarea', 'html', 'richtext', 'json', 'link', 'relations', 'checkboxes', 'hidden']);

/** Whether a property takes the whole row of an object's grid (long text, groups, lists, relations with details). */
export function isWide(schema: JsonSchema | undefined, uiSchema: UiSchema | undefined): boolean {
  const widget = uiSchema?.['ui:widget'];
  if (typeof widget === 'string' && WIDE_WIDGETS.has(widget)) return true;
  if (widget === 'cssSize') return false;
  // A relation whose options read "label · date · amount" needs the row, or the chosen one is cut off.
  const options = uiSchema?.['ui:options'] as { details?: unknown[] } | undefined;
  if (widget === 'relation' && options?.details?.length) return true;
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  return type === 'object' || type === 'array' || uiSchema?.['ui:field'] === 'widget';
}
