import { CalendarDays } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  ENTRY_PLACEHOLDER,
  entryChange,
  entryText,
  fromPicker,
  pickerValue,
  type EntryKind,
  type EntryLanguage,
  type EntryResult,
} from '../../shared/format/dateEntry';

const PICKER_TYPE = { date: 'date', datetime: 'datetime-local', time: 'time' } as const;
// Not "calendar": a search by label for "End" (time tracking's field) would find it as well.
const PICKER_LABEL: Record<EntryLanguage, Record<EntryKind, string>> = {
  en: { date: 'Pick a day', datetime: 'Pick a day and time', time: 'Pick a time' },
  de: { date: 'Tag im Kalender wählen', datetime: 'Tag und Uhrzeit wählen', time: 'Uhrzeit wählen' },
};

export interface DateFieldProps {
  kind: EntryKind;
  /** What the field holds: a stored value, text typed that could not be read (shown as it is), or nothing. */
  value: unknown;
  /**
   * The field was left, Enter was pressed or a day was picked, with text that differs from what it holds:
   * `value` is what to store (undefined: cleared), or the text as typed when it cannot be read (`read`
   * says why). Never called while typing: a half-typed date is no change.
   */
  onChange(value: string | undefined, read: EntryResult): void;
  /** The language of the calendar button's label and the empty field's pattern. */
  language?: EntryLanguage;
  id?: string;
  name?: string;
  /** The text input's classes (room on the right for the calendar button: `pr-9`, `pr-12`). */
  className?: string;
  /** The calendar button's classes (its size and place inside the field). */
  buttonClassName?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  title?: string;
  /** The picker's earliest and latest day (YYYY-MM-DD). */
  min?: string;
  max?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onFocus?(): void;
  onBlur?(): void;
  /**
   * A key changed the text (it is read later): a form hides the field's error meanwhile, so that leaving
   * the field for a button below does not move the button away under the pointer as the error goes.
   */
  onEdit?(): void;
  /**
   * The text on screen while the field has focus, as it changes (not yet read while it differs from what the
   * field holds), and null once the field is left: a screen that saves what was typed when the page goes away.
   */
  onDraft?(text: string | null): void;
}

/**
 * A date, date-time or time typed as text in the product's form (06.07.2024, 14:30 06.07.2024, 14:30)
 * whatever the browser's language, with the browser's own calendar behind a button (a hidden native
 * input's `showPicker()`: no picker code to download). Both the admin and the public site use it (the
 * site never imports the admin). The text is read when the field is left or Enter is pressed; what was
 * typed stays on screen while the field has focus, also when the value changes meanwhile.
 */
export function DateField({
  kind,
  value,
  onChange,
  language = 'en',
  className,
  buttonClassName = 'right-0.5 size-7 rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 focus-visible:outline-blue-600',
  placeholder,
  min,
  max,
  onFocus,
  onBlur,
  onEdit,
  onDraft,
  readOnly,
  disabled,
  ...input
}: DateFieldProps): ReactNode {
  const [draft, setDraftState] = useState<string | null>(null);
  const setDraft = (next: string | null) => {
    setDraftState(next);
    onDraft?.(next);
  };
  const picker = useRef<HTMLInputElement>(null);
  const shown = entryText(value, kind);
  const text = draft ?? shown;
  const editable = !readOnly && !disabled;

  /** Reads the text typed; answers whether it could be read (or was no change). */
  const commit = (): boolean => {
    if (draft === null) return true;
    const read = entryChange(draft, value, kind);
    // The same day typed another way (6.7.24 for 06.07.2024) is no change: it shows as the field holds it.
    if (read === undefined) {
      setDraft(shown);
      return true;
    }
    if (read.ok) setDraft(entryText(read.value, kind));
    onChange(read.ok ? read.value : read.text, read);
    return read.ok;
  };

  const openPicker = () => {
    const element = picker.current;
    if (!element || !editable) return;
    element.value = pickerValue(value, kind);
    try {
      element.showPicker();
    } catch {
      // Without showPicker (older Safari) the native input takes the click itself.
      element.click();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Text that cannot be read does not submit the form around it.
      if (!commit()) event.preventDefault();
    } else if (event.key === 'Escape' && draft !== null && draft !== shown) {
      setDraft(shown);
      event.stopPropagation();
    } else if ((event.altKey && event.key === 'ArrowDown') || event.key === 'F4') {
      // The keys that open a native date input's calendar.
      event.preventDefault();
      openPicker();
    }
  };

  return (
    <div className="relative min-w-0">
      <input
        {...input}
        type="text"
        inputMode={kind === 'date' ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={false}
        className={className}
        placeholder={placeholder ?? ENTRY_PLACEHOLDER[language][kind]}
        value={text}
        readOnly={readOnly}
        disabled={disabled}
        onFocus={() => {
          setDraft(shown);
          onFocus?.();
        }}
        onChange={(event) => {
          setDraft(event.target.value);
          onEdit?.();
        }}
        onKeyDown={onKeyDown}
        // Screen readers name the keys that open the calendar (its button is not a Tab stop).
        aria-keyshortcuts={kind !== 'time' && editable ? 'Alt+ArrowDown F4' : undefined}
        onBlur={() => {
          commit();
          setDraft(null);
          onBlur?.();
        }}
      />
      {kind !== 'time' && editable && (
        <>
          {/* Over the field, unseen and untouchable: the calendar opens where a native date input's would. */}
          <input
            ref={picker}
            type={PICKER_TYPE[kind]}
            tabIndex={-1}
            aria-hidden
            min={min}
            max={max}
            className="pointer-events-none absolute inset-0 opacity-0"
            onChange={(event) => {
              const picked = fromPicker(event.target.value, kind);
              if (picked === undefined) return;
              setDraft(null);
              onChange(picked, { ok: true, value: picked });
            }}
          />
          {/* No stop of its own for Tab (a form of dates would take twice the keys): the text field opens it too. */}
          <button
            type="button"
            tabIndex={-1}
            aria-label={PICKER_LABEL[language][kind]}
            title={`${PICKER_LABEL[language][kind]} (Alt+↓)`}
            onClick={openPicker}
            className={`absolute top-1/2 inline-flex -translate-y-1/2 items-center justify-center focus-visible:outline-2 ${buttonClassName}`}
          >
            <CalendarDays aria-hidden className="size-4" />
          </button>
        </>
      )}
    </div>
  );
}
