import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorClass, helpClass, inputClass, labelClass } from '../ui/classes';
import { formContextOf } from './context';
import { secretChangedText, secretStatus } from './secretStatus';

/**
 * A write-only secret: the server never sends it, so the field starts empty; empty means "unchanged".
 * Under it, what the server says of the stored one (`_secretsSet`): set (dots as placeholder too), or not set,
 * so nobody can log in as the document until one is (a user from older data). On the signed-in user's
 * own document, typing a new one asks for the current one too (the server refuses the change without
 * it), sent as `_current.<field>`; the server ignores it when the password stays unchanged, and says at
 * that input when it is missing or wrong. After a save that changed it, the widget says so and who stays
 * signed in (the server ends the login's other sessions).
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
  const title = String(schema.title ?? name);
  const status = isNew
    ? undefined
    : secretStatus(context.secretsSet?.[name], title, context.modelTitle, !(disabled || readonly));
  const statusId = `${id}__status`;
  const currentError = context.currentErrors?.[name];
  const currentErrorId = `${currentId}__error`;
  const changed =
    !changing && context.secretsChanged?.includes(name)
      ? secretChangedText(title, context.modelTitle, context.ownDocument)
      : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <input
          id={id}
          name={htmlName ?? id}
          type="password"
          autoComplete="new-password"
          className={inputClass(rawErrors)}
          value={changing ? value : ''}
          placeholder={status?.set ? '••••••••' : ''}
          maxLength={schema.maxLength}
          required={required && isNew}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          aria-invalid={rawErrors?.length ? true : undefined}
          aria-describedby={status ? `${statusId} ${ariaDescribedByIds(id)}` : ariaDescribedByIds(id)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          onBlur={() => onBlur(id, undefined)}
          onFocus={() => onFocus(id, undefined)}
        />
        {status && (
          <p
            id={statusId}
            data-testid="secret-status"
            className={status.set ? helpClass : 'flex items-start gap-1.5 text-xs font-medium text-amber-700'}
          >
            {!status.set && <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />}
            {status.text}
          </p>
        )}
        {changed && (
          <p
            role="status"
            data-testid="secret-changed"
            className="flex items-start gap-1.5 text-xs font-medium text-emerald-700"
          >
            <CircleCheck aria-hidden className="mt-px size-3.5 shrink-0" />
            {changed}
          </p>
        )}
      </div>
      {asksCurrent && (
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={currentId} className={labelClass}>
            Current {title.toLowerCase()}
            <span className="ml-0.5 text-red-600" title="required">
              *
            </span>
          </label>
          <input
            id={currentId}
            name={`_current.${name}`}
            type="password"
            autoComplete="current-password"
            className={inputClass(currentError ? [currentError] : undefined)}
            value={current}
            maxLength={schema.maxLength}
            required
            disabled={disabled || readonly}
            aria-invalid={currentError ? true : undefined}
            aria-describedby={currentError ? `${currentErrorId} ${currentId}__help` : `${currentId}__help`}
            onChange={(event) => {
              const next = event.target.value;
              setCurrent(next);
              context.updateAt(currentPath, () => (next === '' ? undefined : next));
            }}
          />
          {currentError && (
            <p id={currentErrorId} className={errorClass} role="alert">
              {currentError}
            </p>
          )}
          <p id={`${currentId}__help`} className={helpClass}>
            Needed to change your own {title.toLowerCase()}.
          </p>
        </div>
      )}
    </div>
  );
}
