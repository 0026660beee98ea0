import { useMemo, type FormEvent } from 'react';
import type { ElementProps } from '../../render/types';
import { FORM_FAILURE } from '../../../shared/rules/constants';
import { useSite } from '../../context';
import { BUTTON_PRIMARY } from '../../ui/button';
import { MessageDialog } from '../../ui/Dialog';
import { FormFieldList, RefusedFields } from '../../ui/FormControls';
import { formFields, submittedData, type FormField } from '../../ui/formFields';
import { useFieldForm } from '../../ui/useFieldForm';

/** A form generated from its JSON Schema; submissions go to POST /api/formData under the form's name. */
export default function Form(props: ElementProps<'special.form'>) {
  const parsed = useMemo(() => {
    try {
      return { fields: formFields(props.properties) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [props.properties]);
  if (!parsed.fields) {
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        Failed rendering form {parsed.error}
      </p>
    );
  }
  return <SchemaForm {...props} fields={parsed.fields} />;
}

function SchemaForm({
  title,
  name,
  fields,
  submitLabel,
  successMessage,
  validate,
}: ElementProps<'special.form'> & { fields: FormField[] }) {
  const { api } = useSite();
  const { formRef, values, errors, onChange, checkRequired, checkEntries, state, submit, close, refused } =
    useFieldForm(fields);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A date typed that is no day is never sent, whether or not the form checks the rest itself.
    if (!(validate ? checkRequired() : checkEntries())) return;
    void submit(() => api.submitForm(name, submittedData(fields, values)));
  };

  return (
    <div className="mx-auto w-full max-w-2xl">
      <form
        ref={formRef}
        onSubmit={onSubmit}
        // The form's own check says what is wrong, in German (the browser's would stop the submit in its own words).
        noValidate
        className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 md:p-10"
      >
        {title ? <h2 className="text-2xl font-semibold text-heading md:text-3xl">{title}</h2> : null}
        <FormFieldList fields={fields} values={values} errors={errors} onChange={onChange} />
        <div>
          <button type="submit" className={`${BUTTON_PRIMARY} w-full sm:w-auto`} disabled={state === 'sending'}>
            {state === 'sending' ? 'Wird gesendet …' : submitLabel}
          </button>
        </div>
      </form>
      <MessageDialog open={state === 'success'} tone="success" title={successMessage} onClose={close} />
      <MessageDialog open={state === 'error'} tone="error" title={FORM_FAILURE} onClose={close}>
        {refused.length > 0 ? <RefusedFields messages={refused} /> : null}
      </MessageDialog>
    </div>
  );
}
