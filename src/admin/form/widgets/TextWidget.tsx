import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { formContextOf } from './context';
import { AssistantFor } from './TextareaWidget';
import { textControlProps } from './textControl';

export function TextWidget(props: WidgetProps) {
  const { value, options, rawErrors } = props;
  const inputType = typeof options.inputType === 'string' ? options.inputType : 'text';
  // Prose in one line (a page's title, a button's label) gets the assistant where the form asks for it.
  const assist = inputType === 'text' && formContextOf(props.registry)?.assistSingleLine;
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
