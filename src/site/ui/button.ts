/**
 * One look for every call-to-action on the site (buttons, package buttons, navigation CTA, form
 * submit): component classes of ../styles/site.css.
 */
export const BUTTON_PRIMARY = 'site-button site-button-primary';

export const BUTTON_SECONDARY = 'site-button site-button-secondary';

export const TEXT_LINK =
  'inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand';
