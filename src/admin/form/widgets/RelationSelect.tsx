import { ariaDescribedByIds } from '@rjsf/utils';
import { LoaderCircle } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { outsideSubtree } from '../../../shared/registry/tree';
import { optionText } from '../relationOption';
import type { RelationOptions } from '../schema/uiSchemaFor';
import type { FormContext } from '../types';
import { errorClass, inputClass } from '../ui/classes';
import { ReadOnlyBox } from './ReadOnlyWidget';
import { labelOf, useMissingLabel, useRelationOptions } from './useRelationOptions';

export interface RelationSelectProps {
  id: string;
  context: FormContext;
  relation: RelationOptions;
  value: string | undefined;
  onChange(value: string | undefined): void;
  disabled?: boolean;
  readonly?: boolean;
  required?: boolean;
  rawErrors?: string[];
}

/**
 * One document of another model, picked by its label (followed by the relation's details, to tell documents
 * with one label apart); the stored value is its id (or its key field).
 */
export function RelationSelect({
  id,
  context,
  relation,
  value,
  onChange,
  disabled,
  readonly,
  required,
  rawErrors,
}: RelationSelectProps) {
  const loaded = useRelationOptions(context, relation);
  const { loading, error, unreadable } = loaded;
  // In a tree (a page's parent) the document cannot go below itself: it and its subtree are no choice.
  const self = relation.tree ? context.documentId : undefined;
  const options = useMemo(
    () =>
      self
        ? outsideSubtree(
            loaded.options,
            self,
            (option) => option.value,
            (option) => option.parent,
          )
        : loaded.options,
    [loaded.options, self],
  );
  const known = !value || options.some((option) => option.value === value);
  const missingLabel = useMissingLabel(context, relation, value, !loading && !known);
  // Nothing to choose from a model the caller may not list: the chosen value is shown as it is.
  if (readonly || unreadable) {
    const href = value ? context.dataSource.documentLink?.(relation.model, value) : undefined;
    const label = value ? labelOf(options, value, missingLabel, true) : '—';
    return (
      <ReadOnlyBox id={id}>
        {href ? (
          <Link to={href} className="font-medium text-accent-700 hover:underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </ReadOnlyBox>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        <select
          id={id}
          className={inputClass(rawErrors, 'pr-8')}
          value={value ?? ''}
          disabled={disabled || (loading && options.length === 0)}
          required={required}
          aria-busy={loading}
          aria-invalid={rawErrors?.length ? true : undefined}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        >
          <option value="">{loading ? 'Loading…' : '—'}</option>
          {!known && value && <option value={value}>{missingLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {optionText(option)}
            </option>
          ))}
        </select>
        {loading && (
          <LoaderCircle
            className="pointer-events-none absolute top-2 right-7 size-4 animate-spin text-gray-500"
            aria-hidden="true"
          />
        )}
      </div>
      {error && <p className={errorClass}>Options could not be loaded: {error}</p>}
    </div>
  );
}
