import { useEffect, useRef, useState } from 'react';
import { relatedLabel, unknownRelated } from '../../../shared/admin/relatedLabel';
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
  /** The caller may not list the target model (`FormDataSource.mayRead`): nothing was asked, nothing can be chosen. */
  unreadable?: boolean;
}

/**
 * The options of a relation select, through the form's cached data source: the documents matching the
 * relation's `where`, each with its details. A relation keyed by a field other than `_id` (user roles
 * store the role's `name`) stores that field.
 */
export function useRelationOptions(context: FormContext, relation: RelationOptions): RelationOptionsState {
  const unreadable = context.dataSource.mayRead?.(relation.model) === false;
  const [state, setState] = useState<RelationOptionsState>({ options: [], loading: !unreadable });
  // ui:options are rebuilt with every uiSchema: the relation's content, not its identity, decides a reload.
  const key = relationKey(relation);
  const latest = useRef(relation);
  latest.current = relation;
  useEffect(() => {
    if (unreadable) return;
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
  }, [context, key, unreadable]);
  return unreadable ? UNREADABLE : state;
}

const UNREADABLE: RelationOptionsState = { options: [], loading: false, unreadable: true };

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
    ...(typeof options.modelTitle === 'string' ? { modelTitle: options.modelTitle } : {}),
    ...(typeof options.path === 'string' ? { path: options.path } : {}),
    ...(typeof options.tree === 'string' ? { tree: options.tree } : {}),
  };
}

/** What a related document nobody lets the user name reads as: `Unknown user` (never its id). */
export function unknownLabel(relation: Pick<RelationOptions, 'modelTitle'>): string {
  return unknownRelated(relation.modelTitle);
}

/**
 * The label of a value the options do not hold (a deleted document, one past the option limit, or one the
 * user may not read), looked up by id once, through the stored document when the form has one; `…` until
 * it is known, and a neutral `Unknown user` when nothing names it (an id means nothing to people). `(deleted)`
 * marks a deleted one. A key people read (a role's name) is its own label.
 */
export function useMissingLabel(
  context: FormContext,
  relation: RelationOptions,
  value: string | undefined,
  missing: boolean,
): string | undefined {
  const [found, setFound] = useState<{ value: string; label?: string }>();
  const key = relationKey(relation);
  const latest = useRef(relation);
  latest.current = relation;
  const { dataSource: source, source: stored } = context;
  const byId = relation.keyField === '_id';
  const wanted = missing && byId && source.loadLabel ? value : undefined;
  const storedModel = stored?.model;
  const storedId = stored?.id;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const document = storedModel && storedId ? { model: storedModel, id: storedId } : undefined;
    const settle = (label?: string) => {
      if (live) setFound({ value: wanted, label });
    };
    source.loadLabel?.(latest.current, wanted, document).then(
      (answer) => settle(answer && relatedLabel(answer.label, answer.deleted)),
      () => settle(),
    );
    return () => {
      live = false;
    };
  }, [source, key, wanted, storedModel, storedId]);
  if (value === undefined || !byId) return value;
  if (found && found.value === value) return found.label ?? unknownLabel(relation);
  return missing && !source.loadLabel ? unknownLabel(relation) : '…';
}

/** The label of a chosen value (chips of several); `withDetail`: with its details, as its option reads. */
export function labelOf(options: RelationOption[], value: string, missingLabel?: string, withDetail = false): string {
  const option = options.find((candidate) => candidate.value === value);
  if (option) return withDetail ? optionText(option) : option.label;
  return missingLabel ?? value;
}
