import type { WidgetProps } from '@rjsf/utils';
import { SITE_ICONS } from '../../../site/ui/icons';
import { SelectWidget } from './SelectWidget';

/**
 * An icon of the public site (`x-widget: icon`): a choice from the schema's `enum` with the chosen icon drawn
 * beside it. A stored name the site does not ship stays selected as `… (not in the list)` beside an empty box.
 */
export function IconWidget(props: WidgetProps) {
  const Icon =
    typeof props.value === 'string' && Object.hasOwn(SITE_ICONS, props.value)
      ? SITE_ICONS[props.value as keyof typeof SITE_ICONS]
      : null;
  return (
    <div className="flex items-center gap-2">
      <span
        aria-hidden
        data-icon-preview={Icon ? props.value : ''}
        className="flex size-8.5 shrink-0 items-center justify-center rounded-md border border-gray-300 bg-white text-zinc-700"
      >
        {Icon && <Icon className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <SelectWidget {...props} />
      </div>
    </div>
  );
}
