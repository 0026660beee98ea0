// Tailwind class strings shared by the form's widgets and templates, so every control looks alike.

const focus = 'focus:outline-none focus:ring-2 focus:ring-blue-600/20 focus:border-blue-600';

export function inputClass(rawErrors?: string[], extra = ''): string {
  const border = rawErrors?.length ? 'border-red-500' : 'border-gray-300';
  return [
    'block w-full min-w-0 rounded-md border bg-white px-2.5 py-1.5 text-sm text-gray-900 shadow-xs',
    'placeholder:text-gray-500 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
    focus,
    border,
    extra,
  ].join(' ');
}

/** Read-only values: grey, dashed border, no shadow, so they never look editable. */
export const readOnlyClass =
  'flex min-h-8 w-full items-center gap-2 rounded-md border border-dashed border-gray-200 bg-gray-50 px-2.5 py-1.5 text-sm text-gray-700';

export const iconButtonClass =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:pointer-events-none disabled:opacity-40';

export const secondaryButtonClass =
  'inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1 text-sm font-medium text-gray-700 shadow-xs hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:pointer-events-none disabled:opacity-50';

export const labelClass = 'text-sm font-medium text-gray-700';
export const helpClass = 'text-xs text-gray-500';
export const errorClass = 'text-xs text-red-600';
