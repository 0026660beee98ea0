/** One look for every call-to-action on the site (buttons, package buttons, navigation CTA, form submit). */
export const BUTTON_PRIMARY =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';

export const BUTTON_SECONDARY =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-ink/15 bg-white px-6 py-3 text-base font-semibold text-heading transition hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

export const TEXT_LINK =
  'inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand';
