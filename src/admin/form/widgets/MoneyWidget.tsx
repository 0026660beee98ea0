import type { WidgetProps } from '@rjsf/utils';
import { CURRENCY_SUFFIX } from '../../../shared/format';
import { CURRENCIES, type Currency } from '../../../shared/vocabulary';
import { formatMoneyInput, parseMoneyInput } from '../values/moneyInput';
import { DecimalInput } from './DecimalInput';

export function currencyOf(options: WidgetProps['options'], schema: WidgetProps['schema']): Currency {
  const candidate = options.currency ?? schema['x-currency'];
  return (CURRENCIES as readonly unknown[]).includes(candidate) ? (candidate as Currency) : 'EUR';
}

/** An amount in German style ("1.234,50") with its currency suffix, right-aligned in tabular figures. */
export function MoneyWidget(props: WidgetProps) {
  const currency = currencyOf(props.options, props.schema);
  return (
    <div className="relative">
      <DecimalInput
        {...props}
        placeholder={undefined}
        parse={parseMoneyInput}
        format={(value) => formatMoneyInput(value, currency)}
        invalidText="not an amount"
        className="pr-12"
      />
      <span
        className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-2.5 text-sm text-gray-500"
        aria-label={currency}
      >
        {CURRENCY_SUFFIX[currency]}
      </span>
    </div>
  );
}
