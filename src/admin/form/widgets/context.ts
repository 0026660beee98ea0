import type { Registry } from '@rjsf/utils';
import type { FormContext, Offer } from '../types';

/** The form's context; the theme is only ever rendered by SchemaForm, which always provides it. */
export function formContextOf(registry: Registry): FormContext {
  return registry.formContext as FormContext;
}

/** Which values of a field the caller may add or take away (`FieldLimits.offer`, in `ui:options`); all without it. */
export function offerOf(options: Record<string, unknown>): Offer {
  const offer = options.offer as Offer | undefined;
  return offer && typeof offer.allows === 'function' ? offer : EVERY_VALUE;
}

const EVERY_VALUE: Offer = { allows: () => true, note: '' };
