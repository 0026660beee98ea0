import { optionsList, type EnumOptionsType, type RJSFSchema, type WidgetProps } from '@rjsf/utils';
import { Check } from 'lucide-react';
import { helpClass } from '../ui/classes';
import { offerOf } from './context';

/**
 * Several values of an `enum` (e.g. opening days) as toggle chips, kept in enum order. Values the caller may not
 * change (`FieldLimits.offer`: a permission they do not hold) are left out of a form they may change, or shown
 * fixed when already chosen.
 */
export function CheckboxesWidget({ id, value, onChange, disabled, readonly, options, schema, uiSchema }: WidgetProps) {
  const items = (schema.items ?? {}) as RJSFSchema;
  const enumOptions: EnumOptionsType[] =
    options.enumOptions ?? optionsList(items, typeof uiSchema?.items === 'object' ? uiSchema.items : undefined) ?? [];
  const selected: unknown[] = Array.isArray(value) ? value : [];
  const offer = offerOf(options);
  const editable = !disabled && !readonly;
  const withheld = editable && enumOptions.some((option) => !offer.allows(String(option.value)));
  const toggle = (option: unknown) => {
    const next = selected.includes(option) ? selected.filter((v) => v !== option) : [...selected, option];
    onChange(enumOptions.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <div className="flex flex-col gap-1">
      <div
        id={id}
        role="group"
        aria-describedby={withheld ? `${id}__offer` : undefined}
        className="flex flex-wrap gap-1.5"
      >
        {enumOptions.map((option) => {
          const on = selected.includes(option.value);
          const fixed = !offer.allows(String(option.value));
          if (fixed && !on && editable) return null;
          return (
            <button
              key={String(option.value)}
              type="button"
              aria-pressed={on}
              disabled={disabled || readonly || fixed}
              onClick={() => toggle(option.value)}
              className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 ${on ? 'border-blue-600 bg-blue-50 text-blue-800' : 'border-gray-300 bg-white text-gray-600 hover:bg-gray-50'}`}
            >
              {on && <Check className="size-3.5" aria-hidden="true" />}
              {option.label}
            </button>
          );
        })}
      </div>
      {withheld && (
        <p id={`${id}__offer`} className={helpClass}>
          {offer.note}
        </p>
      )}
    </div>
  );
}
