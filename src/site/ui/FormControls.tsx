import { use, useEffect, useId, useState, type ReactNode } from 'react';
import { earliestDate } from '../../shared/rules/formSubmission';
import { formDates, loadFormDates } from './dateCode';
import type { FormField, FormValues } from './formFields';

/** A component class of ../styles/site.css. */
export const INPUT_CLASS = 'site-input';

interface FieldProps {
  field: FormField;
  value: string | boolean | undefined;
  error?: string;
  onChange(name: string, value: string | boolean): void;
}

/**
 * A labelled input for one form field, with its error under it. A required field is marked * for the
 * eye and `required` for assistive technology, whoever checks it (the form or only the server; the
 * form's `noValidate` keeps the browser's own check out of it).
 */
export function FormFieldControl({ field, value, error: refused, onChange }: FieldProps): ReactNode {
  const id = useId();
  const errorId = `${id}-error`;
  // A date field's code is a chunk of its own (a form without one loads none of it): it waits for it, if need be.
  const dates = field.kind === 'date' ? (formDates() ?? use(loadFormDates())) : undefined;
  const min = useEarliestDate(field.minDate);
  // A date field being typed into says nothing until it is left (DateField reads the text then).
  const [editing, setEditing] = useState(false);
  // A day typed that cannot be read is said as soon as the field is left; the submit checks it again.
  const error = editing ? undefined : (refused ?? dates?.entryProblem(value, 'date', 'de', field.label));
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    required: field.required ? true : undefined,
  };
  const label = (
    <>
      {field.label}
      {field.required ? <RequiredMark /> : null}
    </>
  );
  if (field.kind === 'checkbox') {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink">
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(field.name, e.target.checked)}
            className="size-6 shrink-0 accent-brand"
          />
          <span>{label}</span>
        </label>
        {error ? <FieldError id={errorId} message={error} /> : null}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  let control: ReactNode;
  if (field.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={5}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
        className={INPUT_CLASS}
      />
    );
  } else if (field.kind === 'select') {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(field.name, e.target.value)} className={INPUT_CLASS}>
        <option value="">Bitte wählen</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (dates) {
    // Typed as 06.07.2024 whatever the browser's language (a native date input follows it), calendar at hand.
    control = (
      <dates.DateField
        {...common}
        kind="date"
        language="de"
        value={text}
        min={min}
        onChange={(day) => onChange(field.name, day ?? '')}
        onEdit={() => setEditing(true)}
        onBlur={() => setEditing(false)}
        className={`${INPUT_CLASS} pr-14 tabular-nums`}
        buttonClassName="right-0.5 size-11 rounded-md text-ink/60 hover:text-brand focus-visible:outline-brand"
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={field.kind}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        autoComplete={Object.hasOwn(AUTOCOMPLETE, field.name) ? AUTOCOMPLETE[field.name] : undefined}
        value={text}
        onChange={(e) => onChange(field.name, e.target.value)}
        className={INPUT_CLASS}
      />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="site-label">
        {label}
      </label>
      {control}
      {field.description ? <p className="text-sm text-ink/60">{field.description}</p> : null}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

/**
 * The earliest day of a date field for its picker's `min`, set once the page runs in the browser:
 * today in server-rendered (and cached) HTML could be a day old, and hydration would disagree.
 */
function useEarliestDate(minDate: string | undefined): string | undefined {
  const [earliest, setEarliest] = useState<string>();
  useEffect(() => setEarliest(earliestDate(minDate)), [minDate]);
  return earliest;
}

/** The * of a required field or group: for the eye only, a screen reader says 'required' (`required`) instead. */
export function RequiredMark(): ReactNode {
  return (
    <span aria-hidden className="text-brand">
      {' *'}
    </span>
  );
}

export function FieldError({ id, message }: { id?: string; message: string }): ReactNode {
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** Browser autofill hints for common field names. */
const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  name: 'name',
  email: 'email',
  phone: 'tel',
  company: 'organization',
};

/** All fields of a form in a responsive two-column grid (long fields span both columns). */
export function FormFieldList({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: FormField[];
  values: FormValues;
  errors: Record<string, string>;
  onChange(name: string, value: string | boolean): void;
}): ReactNode {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      {fields.map((field) => (
        <div
          key={field.name}
          className={field.kind === 'textarea' || field.kind === 'checkbox' ? 'sm:col-span-2' : undefined}
        >
          <FormFieldControl field={field} value={values[field.name]} error={errors[field.name]} onChange={onChange} />
        </div>
      ))}
    </div>
  );
}

/** What the server refused, one line per field, under the title of the failure dialog. */
export function RefusedFields({ messages }: { messages: string[] }): ReactNode {
  return (
    <ul className="flex flex-col gap-1" data-testid="refused-fields">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
