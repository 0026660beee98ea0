import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { CURRENCY_SUFFIX } from '../../../shared/format';
import { CURRENCIES, type Currency } from '../../../shared/vocabulary';
import { inputClass } from '../ui/classes';
import { formatMoneyInput, parseMoneyInput } from '../values/moneyInput';
import { useDraft } from './useDraft';

export function currencyOf(options: WidgetProps['options'], schema: WidgetProps['schema']): Currency {
  const candidate = options.currency ?? schema['x-currency'];
  return (CURRENCIES as readonly unknown[]).includes(candidate) ? (candidate as Currency) : 'EUR';
}

/** An amount in German style ("1.234,50") with its currency suffix, right-aligned in tabular figures. */
export function MoneyWidget({ id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, options, schema, autofocus }: WidgetProps) {
  const currency = currencyOf(options, schema);
  const [draft, setDraft] = useDraft(value, (v) => formatMoneyInput(v, currency), (text, current) => {
    const parsed = parseMoneyInput(text);
    return parsed.ok && parsed.value === current;
  });
  const invalid = !parseMoneyInput(draft).ok;
  return (
    <div className="relative">
      <input
        id={id}
        name={htmlName ?? id}
        type="text"
        inputMode="decimal"
        className={inputClass(invalid ? ['not an amount'] : rawErrors, 'pr-12 text-right tabular-nums')}
        value={draft}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        aria-invalid={invalid || rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => {
          setDraft(event.target.value);
          const parsed = parseMoneyInput(event.target.value);
          if (parsed.ok) onChange(parsed.value);
        }}
        onBlur={() => {
          const parsed = parseMoneyInput(draft);
          if (parsed.ok) setDraft(formatMoneyInput(parsed.value, currency));
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
      />
      <span className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-2.5 text-sm text-gray-500" aria-label={currency}>
        {CURRENCY_SUFFIX[currency]}
      </span>
    </div>
  );
}
