import { useEffect, useState } from 'react';
import type { FormContext, RelationOption } from '../types';
import type { RelationOptions } from '../schema/uiSchemaFor';

export interface RelationOptionsState {
  options: RelationOption[];
  loading: boolean;
  error?: string;
}

/**
 * The options of a relation select, through the form's cached data source. A relation keyed by a
 * field other than `_id` (user roles store the role's `name`) asks for that field and stores it.
 */
export function useRelationOptions(context: FormContext, relation: RelationOptions): RelationOptionsState {
  const { model, labelField, keyField } = relation;
  const [state, setState] = useState<RelationOptionsState>({ options: [], loading: true });
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    const byKey = keyField !== '_id';
    context.loadOptions(model, byKey ? keyField : labelField).then(
      (options) => {
        if (!live) return;
        setState({
          options: byKey ? options.map((o) => ({ value: o.label, label: o.label })) : options,
          loading: false,
        });
      },
      (error: unknown) => {
        if (live)
          setState({ options: [], loading: false, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [context, model, labelField, keyField]);
  return state;
}

/** The relation a widget edits: from `ui:options` (set by uiSchemaFor), else the given defaults. */
export function relationFrom(options: Record<string, unknown>, fallbackModel: string): RelationOptions {
  return {
    model: typeof options.model === 'string' ? options.model : fallbackModel,
    labelField: typeof options.labelField === 'string' ? options.labelField : 'name',
    keyField: typeof options.keyField === 'string' ? options.keyField : '_id',
  };
}

/**
 * The label of a value the options do not hold (a deleted document, or one past the option limit), looked
 * up by id once; the id itself until it is known or when nothing has it. `(deleted)` marks a deleted one.
 */
export function useMissingLabel(
  context: FormContext,
  relation: RelationOptions,
  value: string | undefined,
  missing: boolean,
): string | undefined {
  const [found, setFound] = useState<{ value: string; label: string }>();
  const { model, labelField, keyField } = relation;
  const source = context.dataSource;
  const wanted = missing && keyField === '_id' && source.loadLabel ? value : undefined;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    source.loadLabel?.(model, labelField, wanted).then(
      (answer) => {
        if (live && answer)
          setFound({ value: wanted, label: answer.deleted ? `${answer.label} (deleted)` : answer.label });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source, model, labelField, wanted]);
  return found && found.value === value ? found.label : value;
}

export function labelOf(options: RelationOption[], value: string, missingLabel?: string): string {
  return options.find((option) => option.value === value)?.label ?? missingLabel ?? value;
}
