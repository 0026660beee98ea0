import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { isProseText } from '../schema/proseText';
import type { JsonSchema } from '../../../shared/registry';
import { formContextOf } from './context';
import { AssistantFor } from './TextareaWidget';
import { textControlProps } from './textControl';

export function TextWidget(props: WidgetProps) {
  const { value, options, rawErrors } = props;
  const inputType = typeof options.inputType === 'string' ? options.inputType : 'text';
  // Prose in one line (a page's title, a button's label) gets the assistant where the form asks for it;
  // role names, addresses, codes do not (the schema says which, proseText.ts).
  const assist =
    inputType === 'text' && formContextOf(props.registry)?.assistSingleLine && isProseText(props.schema as JsonSchema);
  return (
    <>
      <input
        {...textControlProps(props)}
        type={inputType}
        className={inputClass(rawErrors)}
        value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      />
      {assist && <AssistantFor props={props} />}
    </>
  );
}
