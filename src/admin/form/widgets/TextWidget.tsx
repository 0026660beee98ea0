import type { WidgetProps } from '@rjsf/utils';
import { inputClass } from '../ui/classes';
import { textControlProps } from './textControl';

export function TextWidget(props: WidgetProps) {
  const { value, options, rawErrors } = props;
  return (
    <input
      {...textControlProps(props)}
      type={typeof options.inputType === 'string' ? options.inputType : 'text'}
      className={inputClass(rawErrors)}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
    />
  );
}
