import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import type { JsonSchema } from '../../../shared/registry';
import { isProseText } from '../schema/proseText';
import { formContextOf } from './context';
import { TextAssistant } from './TextAssistant';
import { textControlProps } from './textControl';

/** The AI assistant under a multi-line text field, when the form's data source offers it and the field is editable. */
export function AssistantFor({ props, onAccept }: { props: WidgetProps; onAccept?(text: string): void }) {
  const rewrite = formContextOf(props.registry)?.dataSource?.rewriteText;
  if (!rewrite || props.disabled || props.readonly) return null;
  return (
    <TextAssistant
      text={typeof props.value === 'string' ? props.value : ''}
      rewrite={rewrite}
      fieldLabel={props.label || props.schema.title || props.name}
      onAccept={onAccept ?? ((text) => props.onChange(text))}
    />
  );
}

/** Tall enough for the text it holds, between 3 and 12 lines. */
function fittingRows(value: unknown): number {
  const lines = typeof value === 'string' ? value.split('\n').length : 1;
  return Math.min(12, Math.max(3, lines + 1));
}

export function TextareaWidget(props: WidgetProps) {
  const { value, options, rawErrors } = props;
  return (
    <>
      <textarea
        {...textControlProps(props)}
        className={inputClass(rawErrors, 'resize-y')}
        rows={typeof options.rows === 'number' ? options.rows : fittingRows(value)}
        value={typeof value === 'string' ? value : ''}
      />
      {options.assistant !== false && isProseText(props.schema as JsonSchema) && <AssistantFor props={props} />}
    </>
  );
}

/** HTML source: a wide monospace editor; the edit page shows the preview next to it. */
export function HtmlWidget(props: WidgetProps) {
  return (
    <div className="font-mono [&_textarea]:font-mono [&_textarea]:text-xs [&_textarea]:leading-relaxed">
      <TextareaWidget {...props} options={{ ...props.options, rows: 14, assistant: false }} />
    </div>
  );
}
