import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { numberToInput, parseNumberInput } from '../values/numberInput';
import { useDraft } from './useDraft';

/** A number typed as text (decimal comma accepted) and stored as a float; empty stores nothing. */
export function NumberWidget({ id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, placeholder, autofocus }: WidgetProps) {
  const [draft, setDraft] = useDraft(value, numberToInput, (text, current) => {
    const parsed = parseNumberInput(text);
    return parsed.ok && parsed.value === current;
  });
  const parsed = parseNumberInput(draft);
  const invalid = !parsed.ok;
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type="text"
      inputMode="decimal"
      className={inputClass(invalid ? ['not a number'] : rawErrors, 'text-right tabular-nums')}
      value={draft}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={invalid || rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => {
        setDraft(event.target.value);
        const next = parseNumberInput(event.target.value);
        if (next.ok) onChange(next.value);
      }}
      onBlur={() => {
        if (parsed.ok) setDraft(numberToInput(parsed.value));
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
