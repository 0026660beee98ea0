import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import {
  CSS_SIZE_MAX,
  CSS_SIZE_MIN,
  CSS_SIZE_STEP,
  CSS_SIZE_UNITS,
  cssSizeToString,
  isCssSizeUnit,
} from '../../../shared/format';
import { inputClass } from '../ui/classes';
import { cssSizeOf, cssSizeWithAmount } from '../values/cssSizeInput';
import { numberToInput } from '../values/numberInput';
import { ReadOnlyBox } from './ReadOnlyWidget';
import { useDraft } from './useDraft';

/** A CSS length: amount (step 0.1, -9999 to 9999) and unit; missing parts read as the default 0 rem. */
export function CssSizeWidget({ id, value, onChange, disabled, readonly, rawErrors }: WidgetProps) {
  const size = cssSizeOf(value);
  const [draft, setDraft] = useDraft(
    size.amount,
    numberToInput,
    (text, amount) => cssSizeWithAmount(value, text)?.amount === amount,
  );
  if (readonly) return <ReadOnlyBox id={id}>{value ? cssSizeToString(size) : '—'}</ReadOnlyBox>;
  return (
    <div className="flex max-w-64 items-stretch">
      <div className="min-w-0 flex-1">
        <input
          id={id}
          type="number"
          step={CSS_SIZE_STEP}
          min={CSS_SIZE_MIN}
          max={CSS_SIZE_MAX}
          className={inputClass(rawErrors, 'rounded-r-none text-right tabular-nums')}
          value={draft}
          disabled={disabled}
          aria-label="Amount"
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => {
            setDraft(event.target.value);
            const next = cssSizeWithAmount(value, event.target.value);
            if (next) onChange(next);
          }}
          onBlur={() => setDraft(numberToInput(size.amount))}
        />
      </div>
      <div className="-ml-px w-24 shrink-0">
        <select
          className={inputClass(rawErrors, 'rounded-l-none pr-6')}
          value={size.type}
          disabled={disabled}
          aria-label="Unit"
          onChange={(event) => {
            const unit = event.target.value;
            if (isCssSizeUnit(unit)) onChange({ ...size, type: unit });
          }}
        >
          {CSS_SIZE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
