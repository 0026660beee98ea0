import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { helpClass, inputClass, labelClass } from '../ui/classes';
import { formContextOf } from './context';

/**
 * A write-only secret: the server never sends it, so the field starts empty; empty means "unchanged",
 * and an existing document shows dots as placeholder to say a password is set. On the signed-in user's
 * own document, typing a new one asks for the current one too (the server refuses the change without
 * it), sent as `_current.<field>`; the server ignores it when the password stays unchanged.
 */
export function PasswordWidget({
  id,
  name,
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
  const context = formContextOf(registry);
  const { isNew } = context;
  const changing = typeof value === 'string' && value !== '';
  const asksCurrent = context.ownDocument && !isNew && changing;
  const currentPath = ['_current', name];
  // Shown from local state: the form re-renders a field only when its own value changes, and `_current`
  // is outside the schema. Emptied once there is no new password (after a save, or cleared by hand).
  const [current, setCurrent] = useState('');
  useEffect(() => {
    if (!changing) setCurrent('');
  }, [changing]);
  const currentId = `${id}__current`;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <input
        id={id}
        name={htmlName ?? id}
        type="password"
        autoComplete="new-password"
        className={inputClass(rawErrors)}
        value={changing ? value : ''}
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
      {asksCurrent && (
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={currentId} className={labelClass}>
            Current {String(schema.title ?? name).toLowerCase()}
            <span className="ml-0.5 text-red-600" title="required">
              *
            </span>
          </label>
          <input
            id={currentId}
            name={`_current.${name}`}
            type="password"
            autoComplete="current-password"
            className={inputClass()}
            value={current}
            maxLength={schema.maxLength}
            required
            disabled={disabled || readonly}
            aria-describedby={`${currentId}__help`}
            onChange={(event) => {
              const next = event.target.value;
              setCurrent(next);
              context.updateAt(currentPath, () => (next === '' ? undefined : next));
            }}
          />
          <p id={`${currentId}__help`} className={helpClass}>
            Needed to change your own {String(schema.title ?? name).toLowerCase()}.
          </p>
        </div>
      )}
    </div>
  );
}
