type FormDates = typeof import('./formDates');

let code: FormDates | undefined;
let loading: Promise<FormDates> | undefined;

/**
 * Loads the code of the public forms' date fields (the field typed 06.07.2026 with its calendar, and what reads and
 * checks its text): a chunk of its own, so that a page whose forms have no date field loads none of it. A page
 * loads it with its elements when one of its forms has a date field (preloadElements), the server once for all.
 */
export function loadFormDates(): Promise<FormDates> {
  return (loading ??= import('./formDates').then((module) => (code = module)));
}

/** The date fields' code once it is loaded, else undefined. */
export function formDates(): FormDates | undefined {
  return code;
}
