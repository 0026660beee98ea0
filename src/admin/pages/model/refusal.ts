import { describeProblems, isElementLike } from '../../../shared/validation/elementProblems';
import { getIn } from '../../form/arrays/paths';
import { standingErrors } from '../../form/schema/errorSchema';
import { findingSteps } from './findings';

/** What the server refused and why: `label` says what did not happen ('Not published'), `fields` where (data paths). */
export interface Refusal {
  label: string;
  message: string;
  fields?: Record<string, string>;
  /** The document the refused call acted on, to tell which of `fields` the user has changed since. */
  refused?: unknown;
}

/**
 * The element holding `field` in the refused document (the deepest node with a tag on its path) is no longer
 * there in `current`: removed, or another element in its place. A missing value of a removed element reads
 * the same (none) before and after, so comparing the field's value alone would keep its problem.
 */
function elementGone(field: string, refused: unknown, current: unknown): boolean {
  const steps = findingSteps(field);
  let holder: { at: number; tag: string } | undefined;
  for (let at = 1; at <= steps.length; at++) {
    const node = getIn(refused, steps.slice(0, at));
    if (isElementLike(node)) holder = { at, tag: node.tag };
  }
  if (!holder) return false;
  const now = getIn(current, steps.slice(0, holder.at));
  return !isElementLike(now) || now.tag !== holder.tag;
}

/**
 * What of a refusal still stands in the document as it is now (`current`): a problem goes once the value at its
 * field differs from the refused document's (as a field's error goes on typing, standingErrors) or its element
 * is gone, and the refusal goes with its last problem. One without fields, or with the document's own (`''`),
 * stays as it is. The element check's message names its problems (describeProblems), so it is said again with
 * those left; another message is kept whole.
 */
export function standingRefusal(refusal: Refusal | null, current: unknown): Refusal | null {
  if (!refusal?.fields || refusal.refused === undefined) return refusal;
  const { fields, refused } = refusal;
  const left = Object.entries(standingErrors(fields, refused, current) ?? {})
    .filter(([field]) => !field || !elementGone(field, refused, current))
    .map(([field, message]) => ({ field, message }));
  const all = Object.entries(fields).map(([field, message]) => ({ field, message }));
  if (left.length === all.length) return refusal;
  if (left.length === 0) return null;
  const message = refusal.message === describeProblems(all) ? describeProblems(left) : refusal.message;
  return { ...refusal, message, fields: Object.fromEntries(left.map(({ field, message }) => [field, message])) };
}
