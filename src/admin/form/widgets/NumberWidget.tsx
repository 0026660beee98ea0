import type { WidgetProps } from '@rjsf/utils';
import { numberToInput, parseNumberInput } from '../values/numberInput';
import { DecimalInput } from './DecimalInput';

/** A number typed as text (decimal comma accepted) and stored as a float; empty stores nothing. */
export function NumberWidget(props: WidgetProps) {
  return <DecimalInput {...props} parse={parseNumberInput} format={numberToInput} invalidText="not a number" />;
}
