import type { Registry } from '@rjsf/utils';
import type { FormContext } from '../types';

/** The form's context; the theme is only ever rendered by SchemaForm, which always provides it. */
export function formContextOf(registry: Registry): FormContext {
  return registry.formContext as FormContext;
}
