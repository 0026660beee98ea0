import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { EntryKind } from '../../../shared/format/dateEntry';
import { DateField } from '../../../site/ui/DateField';
import { inputClass } from '../ui/classes';

/**
 * A date, date-time or time typed as text (06.07.2024, 14:30 06.07.2024, 14:30), whatever the browser's
 * language. Text that cannot be read goes into the form as typed: the form names the problem under the
 * field (SchemaForm, `dateEntryErrors`) and SAVE refuses it, instead of saving the old value while the
 * field shows something else.
 */
function EntryWidget({ kind, ...props }: WidgetProps & { kind: EntryKind }) {
  const { id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, autofocus } = props;
  return (
    <DateField
      kind={kind}
      id={id}
      name={htmlName ?? id}
      value={value}
      className={inputClass(rawErrors, `tabular-nums ${kind === 'time' ? '' : 'pr-9'}`)}
      placeholder={props.placeholder || undefined}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(next) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

/** A day, stored as "YYYY-MM-DD". */
export function DateWidget(props: WidgetProps) {
  return <EntryWidget {...props} kind="date" />;
}

/** A point in time, typed in the browser's local time and stored as an ISO timestamp. */
export function DateTimeWidget(props: WidgetProps) {
  return <EntryWidget {...props} kind="datetime" />;
}

/** A time of day, stored as "HH:MM". */
export function TimeWidget(props: WidgetProps) {
  return <EntryWidget {...props} kind="time" />;
}
