import { WIDGETS } from '../../../shared/vocabulary';

/**
 * Every widget the form renders: the `x-widget` hints of the vocabulary plus the ones chosen from a
 * field's type and annotations. The widget registry is typed against this list, so a missing
 * widget fails to compile.
 */
export const FORM_WIDGETS = [
  ...WIDGETS,
  'number',
  'boolean',
  'select',
  'checkboxes',
  'relation',
  'relations',
  'money',
  'readOnly',
] as const;
export type FormWidget = (typeof FORM_WIDGETS)[number];

/** react-jsonschema-form's built-in widget names, used when no `ui:widget` is set, mapped to ours. */
export const RJSF_WIDGET_ALIASES = {
  TextWidget: 'text',
  EmailWidget: 'text',
  URLWidget: 'text',
  TextareaWidget: 'textarea',
  PasswordWidget: 'password',
  UpDownWidget: 'number',
  RangeWidget: 'number',
  CheckboxWidget: 'boolean',
  SelectWidget: 'select',
  RadioWidget: 'select',
  CheckboxesWidget: 'checkboxes',
  DateWidget: 'date',
  DateTimeWidget: 'datetime',
  TimeWidget: 'time',
  ColorWidget: 'color',
  HiddenWidget: 'hidden',
} as const satisfies Record<string, FormWidget>;
