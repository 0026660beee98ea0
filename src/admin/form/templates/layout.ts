import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../shared/registry';

const WIDE_WIDGETS = new Set(['textarea', 'html', 'richtext', 'json', 'link', 'relations', 'checkboxes', 'hidden']);

/** Whether a property takes the whole row of an object's grid (long text, groups, lists). */
export function isWide(schema: JsonSchema | undefined, uiSchema: UiSchema | undefined): boolean {
  const widget = uiSchema?.['ui:widget'];
  if (typeof widget === 'string' && WIDE_WIDGETS.has(widget)) return true;
  if (widget === 'cssSize') return false;
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  return type === 'object' || type === 'array' || uiSchema?.['ui:field'] === 'widget';
}
