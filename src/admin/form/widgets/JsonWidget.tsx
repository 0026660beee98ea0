import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { errorClass, inputClass, readOnlyClass } from '../ui/classes';
import { jsonToDraft, parseJsonDraft } from '../values/jsonDraft';
import { withoutRecordedOrder } from '../values/recordedOrder';
import { useDraft } from './useDraft';
import { ScrollablePre } from '../../ui/ScrollablePre';

/**
 * JSON as text: only text that parses is passed on; while it does not, the parser's message shows below.
 * A key order the server recorded (`x-order`) is not shown: the text's own order is what is saved.
 */
export function JsonWidget({
  id,
  schema,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  rawErrors,
}: WidgetProps) {
  const shown = (current: unknown) => withoutRecordedOrder(schema, current);
  const [draft, setDraft] = useDraft(
    value,
    (current) => jsonToDraft(shown(current)),
    (text, current) => {
      const parsed = parseJsonDraft(text);
      return parsed.ok && JSON.stringify(parsed.value) === JSON.stringify(shown(current));
    },
  );
  if (readonly) {
    return (
      <ScrollablePre
        id={id}
        className={`${readOnlyClass} max-h-80 overflow-auto font-mono text-xs whitespace-pre-wrap`}
      >
        {draft || '—'}
      </ScrollablePre>
    );
  }
  const parsed = parseJsonDraft(draft);
  return (
    <div className="flex flex-col gap-1">
      <textarea
        id={id}
        className={inputClass(parsed.ok ? rawErrors : ['invalid JSON'], 'resize-y font-mono text-xs leading-relaxed')}
        rows={Math.min(16, Math.max(4, draft.split('\n').length + 1))}
        spellCheck={false}
        value={draft}
        disabled={disabled}
        aria-invalid={!parsed.ok || rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = parseJsonDraft(event.target.value);
          if (next.ok) onChange(next.value);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {!parsed.ok && (
        <p className={errorClass} role="status">
          Invalid JSON, not applied: {parsed.error}
        </p>
      )}
    </div>
  );
}
