import type { EditedDoc } from './editorState';

/** Field errors of the copy-page form by field (`''`: about the copy as a whole), as SchemaForm shows them. */
export type CopyErrors = Record<string, string>;

/** What the dialog can tell before asking the server: a copy needs a name (its path is made from it). */
export function checkCopyFields(fields: EditedDoc): CopyErrors | undefined {
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  return name ? undefined : { name: 'Give the copy a name: its path is made from it' };
}

/**
 * The server's refusal of a copy as field errors: the fields it names (a path another page has is the
 * name's fault, a parent that is gone the parent's), else its message about the copy as a whole.
 */
export function copyErrorsOf(error: unknown): CopyErrors {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as {
    message?: unknown;
    fields?: unknown;
  };
  const fields = failure.fields as Record<string, unknown> | undefined;
  if (fields && typeof fields === 'object') {
    const named = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (named.length) return Object.fromEntries(named);
  }
  const message = typeof failure.message === 'string' && failure.message ? failure.message : String(error);
  return { '': message };
}

/** The form field to put the focus in: the first one of `shown` that has an error. */
export function fieldToFocus(errors: CopyErrors, shown: readonly string[]): string | undefined {
  return Object.keys(errors)
    .map((path) => path.split('.')[0])
    .find((field) => shown.includes(field));
}

/** The errors left once the user changed fields: a changed field's own error goes, the rest stay. */
export function errorsAfterChange(errors: CopyErrors, before: EditedDoc, after: EditedDoc): CopyErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => {
      const field = path.split('.')[0];
      return !field || JSON.stringify(before[field]) === JSON.stringify(after[field]);
    }),
  );
}
