import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { dateTimeToInput, dateToInput, inputToDate, inputToDateTime } from '../values/dateInput';

function NativeInput(props: WidgetProps & { type: string; text: string; toValue: (text: string) => unknown }) {
  const {
    id,
    htmlName,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    required,
    rawErrors,
    autofocus,
    type,
    text,
    toValue,
  } = props;
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type={type}
      className={inputClass(rawErrors, 'tabular-nums')}
      value={text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(toValue(event.target.value))}
      onBlur={(event) => onBlur(id, toValue(event.target.value))}
      onFocus={(event) => onFocus(id, toValue(event.target.value))}
    />
  );
}

/** A day, stored as "YYYY-MM-DD". */
export function DateWidget(props: WidgetProps) {
  return <NativeInput {...props} type="date" text={dateToInput(props.value)} toValue={inputToDate} />;
}

/** A point in time, edited in the browser's local time and stored as an ISO timestamp. */
export function DateTimeWidget(props: WidgetProps) {
  return <NativeInput {...props} type="datetime-local" text={dateTimeToInput(props.value)} toValue={inputToDateTime} />;
}

/** A time of day, stored as "HH:MM". */
export function TimeWidget(props: WidgetProps) {
  const text = typeof props.value === 'string' ? props.value : '';
  return <NativeInput {...props} type="time" text={text} toValue={(t) => (t === '' ? undefined : t.slice(0, 5))} />;
}
