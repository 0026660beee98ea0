import type { WidgetProps } from '@rjsf/utils';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { JsonSchema } from '../../../shared/registry';
import { formatValue } from '../schema/formatValue';
import { readOnlyClass } from '../ui/classes';

export function ReadOnlyBox({
  id,
  children,
  align = 'left',
}: {
  id?: string;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  // An <output>: a value the form shows, not one it takes; unlike a <div>, the field's <label for> names it.
  return (
    <output id={id} className={readOnlyClass}>
      {/* pre-line: a read-only message (a contact request's) keeps its line breaks and paragraphs. */}
      <span
        className={`min-w-0 flex-1 break-words whitespace-pre-line ${align === 'right' ? 'text-right tabular-nums' : ''}`}
      >
        {children}
      </span>
      <Lock className="size-3.5 shrink-0 text-gray-500" aria-hidden="true" />
    </output>
  );
}

/** A value that cannot be edited here (read-only or computed by the server), formatted for reading. */
export function ReadOnlyWidget({ id, value, schema, options, placeholder }: WidgetProps) {
  const labels = options.enumOptions?.map((option) => option.label);
  const numeric = typeof value === 'number';
  // An empty value the server fills on save (a new offer's number) says so instead of a dash.
  const empty = value === undefined || value === null || value === '';
  return (
    <ReadOnlyBox id={id} align={numeric ? 'right' : 'left'}>
      {empty && placeholder ? (
        <span className="text-gray-500">{placeholder}</span>
      ) : (
        formatValue(value, schema as JsonSchema, labels)
      )}
    </ReadOnlyBox>
  );
}
