import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { formContextOf } from './context';

/**
 * A write-only secret: the server never sends it, so the field starts empty; empty means "unchanged",
 * and an existing document shows dots as placeholder to say a password is set.
 */
export function PasswordWidget({
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
  schema,
  registry,
  autofocus,
}: WidgetProps) {
  const { isNew } = formContextOf(registry);
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type="password"
      autoComplete="new-password"
      className={inputClass(rawErrors)}
      value={typeof value === 'string' ? value : ''}
      placeholder={isNew ? '' : '••••••••'}
      maxLength={schema.maxLength}
      required={required && isNew}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => onBlur(id, undefined)}
      onFocus={() => onFocus(id, undefined)}
    />
  );
}
