import { Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { isSiteIcon, siteIcon } from '../../../site/ui/icons';
import { SelectWidget } from './SelectWidget';

/**
 * An icon of the public site (`x-widget: icon`): a choice from the schema's `enum` with the chosen icon drawn
 * beside it. A stored name the site does not ship stays selected as `… (not in the list)` beside an empty box.
 */
export function IconWidget(props: WidgetProps) {
  const Icon = typeof props.value === 'string' && isSiteIcon(props.value) ? siteIcon(props.value) : null;
  return (
    <div className="flex items-center gap-2">
      <span
        aria-hidden
        data-icon-preview={Icon ? props.value : ''}
        className="flex size-8.5 shrink-0 items-center justify-center rounded-md border border-gray-300 bg-white text-zinc-700"
      >
        {Icon && (
          // An icon of the site loads on its own (src/site/ui/icons.ts): the box stays empty meanwhile.
          <Suspense fallback={null}>
            <Icon className="size-4" />
          </Suspense>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <SelectWidget {...props} />
      </div>
    </div>
  );
}
