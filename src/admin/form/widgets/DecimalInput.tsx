import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { useDraft } from './useDraft';

type Parsed = { ok: true; value: number | undefined } | { ok: false };

interface DecimalInputProps extends WidgetProps {
  parse(text: string): Parsed;
  format(value: unknown): string;
  /** Error shown while the text does not parse. */
  invalidText: string;
  className?: string;
}

/**
 * A number typed as text and stored as a float: the draft text stays as typed until it parses, and is
 * written back in the canonical format on blur; text that still does not parse on blur becomes the value
 * (the server names it). Number and money widgets differ only in how they parse and format.
 */
export function DecimalInput({
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
  placeholder,
  autofocus,
  parse,
  format,
  invalidText,
  className,
}: DecimalInputProps) {
  const [draft, setDraft] = useDraft(value, format, (text, current) => {
    const parsed = parse(text);
    return parsed.ok ? parsed.value === current : text === current;
  });
  const parsed = parse(draft);
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type="text"
      inputMode="decimal"
      className={inputClass(parsed.ok ? rawErrors : [invalidText], `text-right tabular-nums ${className ?? ''}`)}
      value={draft}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={!parsed.ok || rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => {
        setDraft(event.target.value);
        const next = parse(event.target.value);
        if (next.ok) onChange(next.value);
      }}
      onBlur={() => {
        if (parsed.ok) setDraft(format(parsed.value));
        // Text left behind that is no number goes into the form as typed: SAVE then fails at this field
        // ('must be a number') instead of saving the old value while the field shows something else.
        else onChange(draft);
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
