import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { useDraft } from './useDraft';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A #rrggbb colour: the browser's picker plus the hex text, which is stored only once it is complete. */
export function ColorWidget({
  id,
  htmlName,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  rawErrors,
  autofocus,
}: WidgetProps) {
  const current = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useDraft(
    current,
    (v) => v,
    (text, v) => text === v,
  );
  const invalid = draft !== '' && !HEX.test(draft);
  const commit = (text: string) => {
    setDraft(text);
    if (text === '') onChange(undefined);
    else if (HEX.test(text)) onChange(text);
  };
  return (
    <div className="flex items-center gap-2">
      <input
        type="color"
        aria-label="Pick colour"
        className="h-8 w-10 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-0.5 disabled:cursor-not-allowed"
        value={HEX.test(current) ? current.toLowerCase() : '#000000'}
        disabled={disabled || readonly}
        onChange={(event) => commit(event.target.value)}
      />
      <input
        id={id}
        name={htmlName ?? id}
        type="text"
        className={inputClass(invalid ? ['invalid colour'] : rawErrors, 'max-w-32 font-mono')}
        value={draft}
        placeholder="#1d4ed8"
        maxLength={7}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-invalid={invalid || rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => commit(event.target.value.trim())}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}
