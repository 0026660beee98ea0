import { useEffect, useRef, useState } from 'react';
import { optionText, relationKey } from '../relationOption';
import type { FormContext, RelationOption } from '../types';
import type { RelationOptions } from '../schema/uiSchemaFor';

/** A data source's failure in words: an Error's or an API failure's message. */
const messageOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
};

export interface RelationOptionsState {
  options: RelationOption[];
  loading: boolean;
  error?: string;
}

/**
 * The options of a relation select, through the form's cached data source: the documents matching the
 * relation's `where`, each with its details. A relation keyed by a field other than `_id` (user roles
 * store the role's `name`) stores that field.
 */
export function useRelationOptions(context: FormContext, relation: RelationOptions): RelationOptionsState {
  const [state, setState] = useState<RelationOptionsState>({ options: [], loading: true });
  // ui:options are rebuilt with every uiSchema: the relation's content, not its identity, decides a reload.
  const key = relationKey(relation);
  const latest = useRef(relation);
  latest.current = relation;
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    context.loadOptions(latest.current).then(
      (options) => {
        if (live) setState({ options, loading: false });
      },
      (error: unknown) => {
        if (live) setState({ options: [], loading: false, error: messageOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [context, key]);
  return state;
}

/** The relation a widget edits: from `ui:options` (set by uiSchemaFor), else the given defaults. */
export function relationFrom(options: Record<string, unknown>, fallbackModel: string): RelationOptions {
  return {
    model: typeof options.model === 'string' ? options.model : fallbackModel,
    labelField: typeof options.labelField === 'string' ? options.labelField : 'name',
    keyField: typeof options.keyField === 'string' ? options.keyField : '_id',
    ...(options.where && typeof options.where === 'object'
      ? { where: options.where as NonNullable<RelationOptions['where']> }
      : {}),
    ...(Array.isArray(options.details) ? { details: options.details as NonNullable<RelationOptions['details']> } : {}),
  };
}

/**
 * The label of a value the options do not hold (a deleted document, or one past the option limit), looked
 * up by id once; the id itself until it is known, `Not found (id)` when nothing has it. `(deleted)` marks a deleted one.
 */
export function useMissingLabel(
  context: FormContext,
  relation: RelationOptions,
  value: string | undefined,
  missing: boolean,
): string | undefined {
  const [found, setFound] = useState<{ value: string; label: string }>();
  const key = relationKey(relation);
  const latest = useRef(relation);
  latest.current = relation;
  const source = context.dataSource;
  const wanted = missing && relation.keyField === '_id' && source.loadLabel ? value : undefined;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    source.loadLabel?.(latest.current, wanted).then(
      (answer) => {
        if (!live) return;
        // Nothing has the id (a removed page a link still points at): say so, the bare id explains nothing.
        if (!answer) setFound({ value: wanted, label: `Not found (${wanted})` });
        else setFound({ value: wanted, label: answer.deleted ? `${answer.label} (deleted)` : answer.label });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source, key, wanted]);
  return found && found.value === value ? found.label : value;
}

/** The label of a chosen value (chips of several); `withDetail`: with its details, as its option reads. */
export function labelOf(options: RelationOption[], value: string, missingLabel?: string, withDetail = false): string {
  const option = options.find((candidate) => candidate.value === value);
  if (option) return withDetail ? optionText(option) : option.label;
  return missingLabel ?? value;
}
