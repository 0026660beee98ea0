import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';

/** Tall enough for the text it holds, between 3 and 12 lines. */
function fittingRows(value: unknown): number {
  const lines = typeof value === 'string' ? value.split('\n').length : 1;
  return Math.min(12, Math.max(3, lines + 1));
}

export function TextareaWidget({ id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema, placeholder, autofocus }: WidgetProps) {
  return (
    <textarea
      id={id}
      name={htmlName ?? id}
      className={inputClass(rawErrors, 'resize-y')}
      rows={typeof options.rows === 'number' ? options.rows : fittingRows(value)}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      maxLength={schema.maxLength}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

/** HTML source: a wide monospace editor; the edit page shows the preview next to it. */
export function HtmlWidget(props: WidgetProps) {
  return (
    <div className="font-mono [&_textarea]:font-mono [&_textarea]:text-xs [&_textarea]:leading-relaxed">
      <TextareaWidget {...props} options={{ ...props.options, rows: 14 }} />
    </div>
  );
}
