import type { Doc } from '../data/types';

export type FormData = Record<string, unknown>;

/** What the edit page holds: the data shown, the server version it came from, whether the user changed it. */
export interface FormState {
  key?: string;
  data: FormData;
  dirty: boolean;
  /** What the form was loaded or last saved with: the changes leaving would lose are those against it. */
  base?: FormData;
}

/**
 * The form after a save answered `saved` for the data `sent`: the saved document, or, when the user went on
 * typing while the save ran, the saved document with those later edits on top (still unsaved, and sent
 * with the new version next time): they were lost when the answer replaced the form.
 */
export function afterSave(current: FormState, sent: FormData, saved: Doc): FormState {
  const key = `${saved._id}:${String(saved._version ?? '')}`;
  const edited =
    current.data === sent
      ? []
      : [...new Set([...Object.keys(current.data), ...Object.keys(sent)])].filter(
          (field) => JSON.stringify(current.data[field]) !== JSON.stringify(sent[field]),
        );
  if (edited.length === 0) return { key, data: saved, dirty: false, base: saved };
  return {
    key,
    data: { ...saved, ...Object.fromEntries(edited.map((field) => [field, current.data[field]])) },
    dirty: true,
    base: saved,
  };
}
