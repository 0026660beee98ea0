import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** An on/off switch with its state spelled out next to it. */
export function BooleanWidget({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  autofocus,
  label,
}: WidgetProps) {
  const on = value === true;
  return (
    <div className="flex h-8 items-center gap-2">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        aria-describedby={ariaDescribedByIds(id)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        onClick={() => onChange(!on)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 ${on ? 'bg-blue-600' : 'bg-gray-300'}`}
      >
        <span
          className={`inline-block size-4 rounded-full bg-white shadow-sm transition-transform ${on ? 'translate-x-4.5' : 'translate-x-0.5'}`}
        />
      </button>
      <span className="text-sm text-gray-600">{on ? 'Yes' : 'No'}</span>
    </div>
  );
}
