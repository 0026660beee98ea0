import { useCallback, useState } from 'react';
import { initialValues, validateRequired, type FormField, type FormValues } from './formFields';
import { useSubmission } from './useSubmission';

/**
 * The form-state wiring of the public forms (Contact, Form, Configurator): field values, the error
 * of each required field (cleared as the visitor types), and the sending state; after the success
 * dialog closes the fields start over (`onReset` resets whatever else the form holds).
 */
export function useFieldForm(fields: FormField[], onReset?: () => void) {
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useCallback(() => {
    onReset?.();
    setValues(initialValues(fields));
  }, [fields, onReset]);
  const submission = useSubmission(reset);
  const onChange = useCallback((field: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);
  /** Shows the errors of empty required fields; true when there are none. */
  const checkRequired = (): boolean => {
    const found = validateRequired(fields, values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, errors, onChange, checkRequired, ...submission };
}
