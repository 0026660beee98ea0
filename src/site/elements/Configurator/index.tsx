import { useCallback, useId, useLayoutEffect, useMemo, useState, type FormEvent } from 'react';
import type { ElementProps } from '../../render/types';
import { formatMoney } from '../../../shared/format/money';
import { FORM_FAILURE } from '../../../shared/rules/constants';
import { useSite } from '../../context';
import { InlineText } from '../../render/InlineText';
import { BUTTON_PRIMARY } from '../../ui/button';
import { MessageDialog } from '../../ui/Dialog';
import { FieldError, FormFieldList, RequiredMark } from '../../ui/FormControls';
import { formFields, submittedData } from '../../ui/formFields';
import { SiteImage } from '../../ui/SiteImage';
import { focusField, useFieldForm } from '../../ui/useFieldForm';
import { eventBody, missingSections, sectionsByLabel, totalPrice, type Selection } from './configuration';

/** The radios of a section: one group per section. */
const sectionName = (section: number) => `section-${section}`;

/** Pick one option per section, see the running total, send with contact fields to POST /api/event. */
export default function Configurator({
  title,
  description,
  name,
  sections,
  properties,
  submitLabel,
  successMessage,
}: ElementProps<'special.configurator'>) {
  const { api } = useSite();
  const formId = useId();
  const fields = useMemo(() => {
    try {
      return formFields(properties);
    } catch {
      return [];
    }
  }, [properties]);
  const [selection, setSelection] = useState<Selection>({});
  const [sectionErrors, setSectionErrors] = useState<Record<number, string>>({});
  const resetSelection = useCallback(() => setSelection({}), []);
  const {
    formRef,
    values,
    errors: fieldErrors,
    onChange,
    checkRequired,
    state,
    submit,
    close,
  } = useFieldForm(fields, resetSelection);
  const total = totalPrice(sections, selection);
  // Options the visitor picked before the site's code hydrated the form (the radios are checked, React did not see it).
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const picked: Selection = {};
    sections.forEach((_, sectionIndex) => {
      const radios = [
        ...form.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${sectionName(sectionIndex)}"]`),
      ];
      const option = radios.findIndex((radio) => radio.checked);
      if (option >= 0) picked[sectionIndex] = option;
    });
    if (Object.keys(picked).length) setSelection((current) => ({ ...picked, ...current }));
    // Once, when the form mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (section: number, option: number) => {
    setSelection((current) => ({ ...current, [section]: option }));
    setSectionErrors(({ [section]: _cleared, ...rest }) => rest);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingSections(sections, selection);
    setSectionErrors(missing);
    // The first wrong thing of the form takes the focus: a section without a choice (above the fields) first.
    const firstMissing = Object.keys(missing)
      .map(Number)
      .sort((a, b) => a - b)[0];
    const filled = checkRequired(firstMissing === undefined);
    if (firstMissing !== undefined) focusField(formRef.current, sectionName(firstMissing));
    if (firstMissing !== undefined || !filled) return;
    void submit(() =>
      api.event(eventBody(name, sectionsByLabel(sections, selection), total, submittedData(fields, values))),
    );
  };

  return (
    <div className="w-full">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-10">
        {title || description ? (
          <div className="flex max-w-3xl flex-col gap-3">
            {title ? <h2 className="text-3xl font-bold tracking-tight text-heading md:text-4xl">{title}</h2> : null}
            {description ? (
              <div className="flex flex-col gap-3 text-lg text-ink">
                <InlineText text={description} />
              </div>
            ) : null}
          </div>
        ) : null}
        {sections.map((section, sectionIndex) => (
          <fieldset
            key={sectionIndex}
            className="flex flex-col gap-4"
            aria-invalid={sectionErrors[sectionIndex] ? true : undefined}
          >
            <legend className="mb-4 text-xl font-semibold text-heading">
              {section.label}
              <RequiredMark />
            </legend>
            <div
              className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${(section.options?.length ?? 0) >= 3 ? 'lg:grid-cols-3' : 'lg:max-w-4xl'}`}
            >
              {(section.options ?? []).map((option, optionIndex) => {
                const checked = selection[sectionIndex] === optionIndex;
                return (
                  <label
                    key={optionIndex}
                    className={`relative flex cursor-pointer flex-col overflow-hidden rounded-2xl bg-white transition has-focus-visible:outline-2 has-focus-visible:outline-brand ${checked ? 'shadow-md ring-2 ring-brand' : 'ring-1 ring-ink/15 hover:ring-ink/30'}`}
                  >
                    <input
                      type="radio"
                      name={sectionName(sectionIndex)}
                      className="sr-only"
                      checked={checked}
                      required
                      onChange={() => choose(sectionIndex, optionIndex)}
                      // The section's error is said with each option, as a field's is with the field.
                      aria-describedby={sectionErrors[sectionIndex] ? `${formId}-${sectionIndex}-error` : undefined}
                    />
                    {option.image?.file ? (
                      <SiteImage
                        image={option.image}
                        preset="configurator"
                        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                        className="aspect-[622/350] h-auto w-full object-cover"
                      />
                    ) : null}
                    <span className="flex flex-1 flex-col gap-1 p-5">
                      <span className="flex items-start justify-between gap-3">
                        <span className="font-semibold text-heading">{option.label}</span>
                        <span
                          aria-hidden
                          className={`mt-0.5 size-5 shrink-0 rounded-full border-2 ${checked ? 'border-[6px] border-brand' : 'border-ink/30'}`}
                        />
                      </span>
                      {option.description ? <span className="text-sm text-ink">{option.description}</span> : null}
                      <span className="mt-auto pt-2 text-sm font-semibold text-brand tabular-nums">
                        {option.price ? `+ ${formatMoney(option.price, 'CHF')}` : 'inklusive'}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
            {sectionErrors[sectionIndex] ? (
              <FieldError id={`${formId}-${sectionIndex}-error`} message={sectionErrors[sectionIndex]} />
            ) : null}
          </fieldset>
        ))}
        <div className="flex flex-col gap-6 rounded-2xl bg-brand/5 p-6 md:p-8">
          {fields.length ? (
            <FormFieldList fields={fields} values={values} errors={fieldErrors} onChange={onChange} />
          ) : null}
          <div className="flex flex-col items-stretch justify-between gap-4 border-t border-ink/10 pt-6 sm:flex-row sm:items-center">
            <p className="text-lg text-ink" aria-live="polite">
              Total{' '}
              <span className="ml-2 text-2xl font-bold text-heading tabular-nums">{formatMoney(total, 'CHF')}</span>
            </p>
            <button type="submit" className={BUTTON_PRIMARY} disabled={state === 'sending'}>
              {state === 'sending' ? 'Wird gesendet …' : submitLabel}
            </button>
          </div>
        </div>
      </form>
      <MessageDialog open={state === 'success'} tone="success" title={successMessage} onClose={close} />
      <MessageDialog open={state === 'error'} tone="error" title={FORM_FAILURE} onClose={close} />
    </div>
  );
}
