import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** What a text input and a textarea share: name, limits, state, accessibility and the rjsf callbacks (empty stores the empty value). */
export function textControlProps({
  id,
  htmlName,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  required,
  rawErrors,
  options,
  schema,
  placeholder,
  autofocus,
}: WidgetProps) {
  return {
    id,
    name: htmlName ?? id,
    placeholder,
    maxLength: schema.maxLength,
    required,
    disabled,
    readOnly: readonly,
    autoFocus: autofocus,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onChange: (event: ChangeEvent<TextControl>) =>
      onChange(event.target.value === '' ? options.emptyValue : event.target.value),
    onBlur: (event: FocusEvent<TextControl>) => onBlur(id, event.target.value),
    onFocus: (event: FocusEvent<TextControl>) => onFocus(id, event.target.value),
  };
}
