import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  entryErrors,
  initialValues,
  serverFieldErrors,
  validateRequired,
  type FormField,
  type FormValues,
} from './formFields';
import { formDates } from './dateCode';
import { submitFieldErrors } from './submitError';
import { useSubmission } from './useSubmission';

/**
 * What the visitor entered into the fields of a server-rendered form before the site's code
 * hydrated it: React sees no event from before, and its state would otherwise overwrite that input
 * on the form's next render (the first click on an option of the configurator emptied the fields).
 */
export function enteredValues(form: HTMLFormElement, fields: FormField[]): FormValues {
  const entered: FormValues = {};
  for (const field of fields) {
    const control = form.elements.namedItem(field.name);
    if (control instanceof HTMLInputElement && control.type === 'checkbox') {
      if (control.checked) entered[field.name] = true;
    } else if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
    ) {
      if (control.value) entered[field.name] = field.kind === 'date' ? enteredDay(control.value) : control.value;
    }
  }
  return entered;
}

/** A day typed before hydration, as the date field stores it once read (06.07.2026 → 2026-07-06). */
function enteredDay(text: string): string {
  // The form mounts once its date fields' code is there (they wait for it).
  const read = formDates()?.parseEntry(text, 'date');
  return read?.ok ? (read.value ?? '') : text;
}

/** Focuses the control of a field (the first of a group), so a refused form says where to go on. */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name);
  const target = control instanceof RadioNodeList ? control[0] : control;
  if (target instanceof HTMLElement) target.focus();
}

/**
 * The form-state wiring of the public forms (Contact, Form, Configurator): field values, the error
 * of each field (cleared as the visitor types; also what the server refused, with its messages in
 * `refused` for the failure dialog), and the sending state; after the success
 * dialog closes the fields start over (`onReset` resets whatever else the form holds). `formRef`
 * goes on the form: when it mounts (hydration), what the visitor typed before is taken over.
 */
export function useFieldForm(
  fields: FormField[],
  onReset?: () => void,
  /** The form's field for a field the server names (the contact posts its name as firstName). */
  serverName?: (field: string) => string,
) {
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const entered = formRef.current ? enteredValues(formRef.current, fields) : {};
    if (Object.keys(entered).length) setValues((current) => ({ ...current, ...entered }));
    // Once, when the form mounts: from then on React sees every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useCallback(() => {
    onReset?.();
    setValues(initialValues(fields));
  }, [fields, onReset]);
  // What the server refused at a field shows at that field, as the form's own check would show it.
  const valuesRef = useRef(values);
  useLayoutEffect(() => {
    valuesRef.current = values;
  }, [values]);
  const [refused, setRefused] = useState<string[]>([]);
  const onFailure = useCallback(
    (error: unknown) => {
      const found = serverFieldErrors(fields, valuesRef.current, submitFieldErrors(error), serverName);
      setErrors(found);
      setRefused(Object.values(found));
    },
    [fields, serverName],
  );
  const submission = useSubmission(reset, onFailure);
  const onChange = useCallback((field: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  /**
   * Shows the errors found and moves the focus to the first wrong field (unless `focus` is false: the
   * form has something wrong before its fields); true when there are none.
   */
  const show = (found: Record<string, string>, focus = true): boolean => {
    setErrors(found);
    const first = fields.find((field) => field.name in found);
    if (first && focus) focusField(formRef.current, first.name);
    return !first;
  };
  /** Shows the errors of the fields; true when there are none. */
  const checkRequired = (focus = true): boolean => show(validateRequired(fields, values), focus);
  /** Shows the date fields whose text is no day (a form that leaves the other checks to the server). */
  const checkEntries = (): boolean => show(entryErrors(fields, values));
  /**
   * Closes the dialog and returns the focus to the form: after the server refused it, to the first
   * field it named, else to the submit button (the dialog would give it back to the button, but the
   * button, disabled while sending, lost it, and the keyboard would start again at the page's top).
   */
  const close = () => {
    const first = submission.state === 'error' ? fields.find((field) => field.name in errors) : undefined;
    submission.close();
    if (first) focusField(formRef.current, first.name);
    else formRef.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
  };
  return { formRef, values, errors, onChange, checkRequired, checkEntries, ...submission, close, refused };
}
