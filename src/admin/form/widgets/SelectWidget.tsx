import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';

/** A choice from `enum`, showing the `x-enumLabels` (for example the time multipliers 1 Normal ... 2 Ätzend). */
export function SelectWidget({
  id,
  htmlName,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  required,
  rawErrors,
  options,
  autofocus,
}: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  const selected = typeof index === 'string' ? index : '';
  const toValue = (raw: string) => enumOptionsValueForIndex(raw, enumOptions, options.emptyValue);
  return (
    <select
      id={id}
      name={htmlName ?? id}
      className={inputClass(rawErrors, 'pr-8')}
      value={selected}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(toValue(event.target.value))}
      onBlur={(event) => onBlur(id, toValue(event.target.value))}
      onFocus={(event) => onFocus(id, toValue(event.target.value))}
    >
      {(!required || selected === '') && <option value="">—</option>}
      {enumOptions.map((option, i) => (
        <option key={String(option.value)} value={String(i)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
