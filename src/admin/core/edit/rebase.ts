import type { ModelInfo } from '../../../shared/registry';
import type { SchemaResolver } from '../../../shared/registry/resolve';
import { computedValues } from '../../../shared/rules/computed';
import { mergeDocuments, resolveConflicts } from '../../pages/model/merge';
import type { Doc } from '../data/types';
import type { FormData } from './afterSave';
import { fieldPathLabel } from './saveFailure';

/**
 * The form's edits laid over the version someone else saved meanwhile (a second tab, a colleague): their changes
 * to fields the form left alone are taken, the form's own changes kept. Where both changed the same field
 * differently, the form keeps its value and `conflicts` names the field (`Items › #1 › Count`) for the user to
 * check before saving again. Read-only fields (an invoice's total) are recomputed, never a conflict.
 */
export function rebase(
  model: ModelInfo,
  resolver: SchemaResolver,
  base: FormData,
  mine: FormData,
  theirs: Doc,
): { data: FormData; conflicts: string[] } {
  const readOnly = new Set(model.fields.filter((field) => field.readOnly).map((field) => field.name));
  const { merged, conflicts } = mergeDocuments(base, mine, theirs);
  const real = conflicts.filter((conflict) => !readOnly.has(String(conflict.path[0])));
  const kept = resolveConflicts(
    merged,
    real,
    real.map(() => 'mine'),
  );
  return {
    data: { ...kept, ...computedValues(model, kept) },
    conflicts: real.map((conflict) => fieldPathLabel(model, resolver, conflict.path.join('.'))),
  };
}

/** What SAVE says when both changed the same fields: the form holds their other changes and the user's values. */
export function rebaseMessage(model: ModelInfo, conflicts: string[]): string {
  const fields = conflicts.length === 1 ? conflicts[0] : `${conflicts.slice(0, -1).join(', ')} and ${conflicts.at(-1)}`;
  return (
    `${model.label} was changed by someone else meanwhile, ${fields} too. The form now holds their other changes ` +
    `and your ${fields}: check, then SAVE again`
  );
}
