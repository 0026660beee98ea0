import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { FileImage, X } from 'lucide-react';
import { errorClass, helpClass, inputClass } from '../ui/classes';
import { formContextOf, offerOf } from './context';
import { ReadOnlyBox } from './ReadOnlyWidget';
import { RelationSelect } from './RelationSelect';
import { DETAIL_SEPARATOR, optionText } from '../relationOption';
import type { RelationOptions } from '../schema/uiSchemaFor';
import type { FormContext, RelationOption } from '../types';
import { labelOf, relationFrom, useMissingLabel, useRelationOptions } from './useRelationOptions';

function singleRelation(fallbackModel: string) {
  return function SingleRelationWidget({
    id,
    value,
    onChange,
    disabled,
    readonly,
    required,
    rawErrors,
    options,
    registry,
  }: WidgetProps) {
    return (
      <RelationSelect
        id={id}
        context={formContextOf(registry)}
        relation={relationFrom(options, fallbackModel)}
        value={typeof value === 'string' ? value : undefined}
        onChange={onChange}
        disabled={disabled}
        readonly={readonly}
        required={required}
        rawErrors={rawErrors}
      />
    );
  };
}

/** A relation to one document (`x-relation` on an id field), e.g. an invoice's client. */
export const RelationWidget = singleRelation('');

/** A folder of the file store. */
export const FolderWidget = singleRelation('folder');

/**
 * An image or file of the file store, picked by name. One widget name each so the file browser
 * picker of a later issue can replace it in the registry without touching any schema.
 */
const FileSelect = singleRelation('file');

export function FileWidget(props: WidgetProps) {
  return (
    <div className="flex items-center gap-2">
      <FileImage className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <FileSelect {...props} />
      </div>
    </div>
  );
}

/**
 * One chosen document as its option reads: the label, then the relation's details in a lighter tone (the
 * same text as the single select's option), else the looked-up text (a deleted one says so).
 */
function ChosenLabel({
  context,
  relation,
  choices,
  loading,
  value,
  detailClass,
}: {
  context: FormContext;
  relation: RelationOptions;
  choices: RelationOption[];
  loading: boolean;
  value: string;
  detailClass: string;
}) {
  const option = choices.find((choice) => choice.value === value);
  const missingLabel = useMissingLabel(context, relation, value, !loading && !option);
  if (!option) return labelOf(choices, value, missingLabel);
  return (
    <>
      {option.label}
      {option.detail && <span className={detailClass}>{`${DETAIL_SEPARATOR}${option.detail}`}</span>}
    </>
  );
}

/** Several related documents (`x-relation` on an array): user roles by name, projects, swarm services. */
export function RelationsWidget({
  id,
  value,
  onChange,
  disabled,
  readonly,
  rawErrors,
  options,
  registry,
  schema,
}: WidgetProps) {
  const relation = relationFrom(options, '');
  const context = formContextOf(registry);
  const { options: choices, loading, error, unreadable } = useRelationOptions(context, relation);
  const selected: string[] = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const label = (item: string, detailClass = 'text-blue-700') => (
    <ChosenLabel
      context={context}
      relation={relation}
      choices={choices}
      loading={loading}
      value={item}
      detailClass={detailClass}
    />
  );
  // Nothing to choose from a model the caller may not list: the chosen values are shown as they are.
  if (readonly || unreadable)
    return (
      <ReadOnlyBox id={id}>
        {selected.length
          ? selected.map((item, index) => (
              <span key={item}>
                {index > 0 && ', '}
                {label(item, 'text-gray-500')}
              </span>
            ))
          : '—'}
      </ReadOnlyBox>
    );
  // Values the caller may not add or take away (`FieldLimits.offer`: a role they may not grant) are not offered,
  // and those already chosen keep them.
  const offer = offerOf(options);
  const addable = choices.filter((choice) => offer.allows(choice.value));
  const withheld = !disabled && addable.length < choices.length;
  const remaining = addable.filter((choice) => !selected.includes(choice.value));
  const full = typeof schema.maxItems === 'number' && selected.length >= schema.maxItems;
  return (
    <div className="flex flex-col gap-1.5">
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected">
          {selected.map((item) => (
            <li
              key={item}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pr-1 pl-2.5 text-sm text-blue-900"
            >
              {/* A long label with its details wraps inside the chip instead of leaving a phone's screen. */}
              <span className="min-w-0 break-words">{label(item)}</span>
              <button
                type="button"
                className="inline-flex size-5 items-center justify-center rounded-full text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-40"
                aria-label={`Remove ${labelOf(choices, item)}`}
                disabled={disabled || !offer.allows(item)}
                onClick={() => onChange(selected.filter((v) => v !== item))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        id={id}
        className={inputClass(rawErrors, 'pr-8 text-gray-600')}
        value=""
        disabled={disabled || full || (loading && choices.length === 0)}
        aria-busy={loading}
        aria-describedby={withheld ? `${id}__offer ${ariaDescribedByIds(id)}` : ariaDescribedByIds(id)}
        onChange={(event) => event.target.value && onChange([...selected, event.target.value])}
      >
        <option value="">
          {loading
            ? 'Loading…'
            : remaining.length
              ? 'Add…'
              : addable.length < choices.length
                ? 'None more you may add'
                : choices.length
                  ? 'All are added'
                  : 'None to choose yet'}
        </option>
        {remaining.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {optionText(choice)}
          </option>
        ))}
      </select>
      {withheld && (
        <p id={`${id}__offer`} className={helpClass}>
          {offer.note}
        </p>
      )}
      {error && <p className={errorClass}>Options could not be loaded: {error}</p>}
    </div>
  );
}
