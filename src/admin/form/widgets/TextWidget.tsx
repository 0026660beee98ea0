import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';

export function TextWidget({ id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema, placeholder, autofocus }: WidgetProps) {
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type={typeof options.inputType === 'string' ? options.inputType : 'text'}
      className={inputClass(rawErrors)}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      placeholder={placeholder}
      maxLength={schema.maxLength}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
