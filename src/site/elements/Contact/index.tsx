import type { FormEvent } from 'react';
import type { ElementProps } from '../../render/types';
import { CONTACT_SUCCESS, FORM_FAILURE, SUBMIT_LABEL } from '../../../shared/rules/constants';
import { splitContactName } from '../../../shared/rules/contactName';
import { useSite } from '../../context';
import { BUTTON_PRIMARY } from '../../ui/button';
import { MessageDialog } from '../../ui/Dialog';
import { FormFieldList, RefusedFields } from '../../ui/FormControls';
import type { FormField, FormValues } from '../../ui/formFields';
import { useFieldForm } from '../../ui/useFieldForm';

export const CONTACT_FIELDS: FormField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, options: [] },
  { name: 'email', label: 'E-Mail', kind: 'email', required: true, options: [] },
  { name: 'phone', label: 'Telefon', kind: 'tel', required: false, options: [] },
  { name: 'subject', label: 'Betreff', kind: 'text', required: false, options: [] },
  { name: 'message', label: 'Nachricht', kind: 'textarea', required: true, options: [] },
  {
    name: 'consent',
    label: 'Ich bin einverstanden, dass meine Angaben zur Beantwortung der Anfrage gespeichert werden.',
    kind: 'checkbox',
    required: true,
    options: [],
    // The label is a whole sentence: 'Feld {label} ist erforderlich' would repeat it.
    requiredMessage: 'Bitte stimmen Sie zu.',
  },
];

/** The body of POST /api/cms/contact: the name split on its first space (spec section 5). */
export function contactRequest(values: FormValues) {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
  const { firstName, lastName } = splitContactName(text('name'));
  return {
    firstName,
    lastName,
    email: text('email'),
    message: text('message'),
    ...(text('phone') ? { phone: text('phone') } : {}),
    ...(text('subject') ? { subject: text('subject') } : {}),
    // Consent to storing the request: the server records when it was given.
    ...(values.consent === true ? { agb: true } : {}),
  };
}

/** The form's field for a field of the request the server names: the name is posted split in two. */
export const contactField = (field: string) => (field === 'firstName' || field === 'lastName' ? 'name' : field);

export default function Contact({ title }: ElementProps<'contact'>) {
  const { api } = useSite();
  const { formRef, values, errors, onChange, checkRequired, state, submit, close, refused } = useFieldForm(
    CONTACT_FIELDS,
    undefined,
    contactField,
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (checkRequired()) void submit(() => api.contact(contactRequest(values)));
  };

  return (
    <div className="mx-auto w-full max-w-2xl">
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10 md:p-10"
      >
        {title ? <h2 className="text-2xl font-semibold text-heading md:text-3xl">{title}</h2> : null}
        <FormFieldList fields={CONTACT_FIELDS} values={values} errors={errors} onChange={onChange} />
        <div>
          <button type="submit" className={`${BUTTON_PRIMARY} w-full sm:w-auto`} disabled={state === 'sending'}>
            {state === 'sending' ? 'Wird gesendet …' : SUBMIT_LABEL}
          </button>
        </div>
      </form>
      <MessageDialog open={state === 'success'} tone="success" title={CONTACT_SUCCESS} onClose={close}>
        Wir melden uns so bald wie möglich bei Ihnen.
      </MessageDialog>
      <MessageDialog open={state === 'error'} tone="error" title={FORM_FAILURE} onClose={close}>
        {refused.length > 0 ? <RefusedFields messages={refused} /> : null}
      </MessageDialog>
    </div>
  );
}
