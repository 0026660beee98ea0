import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { textControlProps } from './textControl';

/** Tall enough for the text it holds, between 3 and 12 lines. */
function fittingRows(value: unknown): number {
  const lines = typeof value === 'string' ? value.split('\n').length : 1;
  return Math.min(12, Math.max(3, lines + 1));
}

export function TextareaWidget(props: WidgetProps) {
  const { value, options, rawErrors } = props;
  return (
    <textarea
      {...textControlProps(props)}
      className={inputClass(rawErrors, 'resize-y')}
      rows={typeof options.rows === 'number' ? options.rows : fittingRows(value)}
      value={typeof value === 'string' ? value : ''}
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
