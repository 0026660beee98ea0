import type { UiSchema } from '@rjsf/utils';
import type { ElementInfo } from '../../../shared/registry';
import { propsErrors, titlePartsOf, type ElementChecker } from '../../../shared/validation/elementProblems';

/**
 * What the element form shows at its fields: the problems of the element's props that keep the draft from
 * being saved (as the server checks a draft's elements), by the form's field paths. A field edited as one
 * value (a form's fields as JSON, a link, a size) shows the problems inside it, named by their titles
 * (`Fields › “email”: must be an object`): the form has no field of its own for them.
 */
export function elementFormErrors(
  info: ElementInfo,
  props: unknown,
  checker: ElementChecker,
  ui: UiSchema,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const error of propsErrors(info, props, checker)) {
    const steps = error.field ? error.field.split('.') : [];
    const at = shownAt(steps, ui);
    const inside = titlePartsOf(error.field, info.schema, checker.registry).slice(at);
    const message = inside.length ? `${inside.join(' › ')}: ${error.message}` : error.message;
    const field = steps.slice(0, at).join('.');
    errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
  }
  return errors;
}

/** How many steps of a data path the form has fields for: it stops at a field whose widget edits the whole value. */
function shownAt(steps: string[], ui: UiSchema): number {
  let node: UiSchema | undefined = ui;
  for (const [index, step] of steps.entries()) {
    node = (/^\d+$/.test(step) ? node?.items : node?.[step]) as UiSchema | undefined;
    if (node?.['ui:field'] === 'widget') return index + 1;
  }
  return steps.length;
}
