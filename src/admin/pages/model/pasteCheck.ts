import type { ElementNodeValue } from '../../../shared/generated/types';
import {
  describeProblems,
  elementProblems,
  isElementLike,
  type ElementChecker,
} from '../../../shared/validation/elementProblems';

export type PasteCheck = { ok: true; nodes: ElementNodeValue[] } | { ok: false; problem: string };

const HOW_TO = 'Copy an element with its copy button in the outline, then paste.';

/**
 * Checks text pasted into the element outline (spec section 2: arrays of elements take clipboard
 * paste): JSON of one element or a list of them, each of a known tag with props its schema in
 * schemas/elements accepts, the elements in its slots too. The problem is named in the user's terms
 * ("Form › Fields (JSON Schema) › Fields › email: must be an object"); nothing is pasted then. The
 * checker is the one the server saves drafts with (in progress: a required value may still be missing,
 * as in the element that was copied).
 */
export function checkPastedElements(text: string, checker: ElementChecker): PasteCheck {
  if (text.trim() === '') return { ok: false, problem: `The clipboard is empty. ${HOW_TO}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: `The clipboard holds text, not a copied element. ${HOW_TO}` };
  }
  const items = Array.isArray(value) ? value : [value];
  if (!items.length) return { ok: false, problem: 'The clipboard holds an empty list: there is nothing to paste.' };
  if (items.length === 1 && !isElementLike(items[0]))
    return {
      ok: false,
      problem: `The clipboard holds JSON, but no element (an element has a "tag" and "props"). ${HOW_TO}`,
    };
  const problems = items.flatMap((item, index) => {
    const name = (label: string) => (items.length > 1 ? `${label} ${index + 1}` : label);
    // An element copied from a layout carries its position there, which is no part of the element.
    if (isElementLike(item) && Object.hasOwn(item, 'position')) {
      const { position, ...node } = item as Record<string, unknown>;
      if (typeof position !== 'number') {
        const label = checker.registry.element(String(node.tag))?.label;
        if (label) return [{ field: 'position', message: `${name(label)} › Position: must be a number` }];
      }
      return elementProblems(node, { path: [index], name }, checker);
    }
    return elementProblems(item, { path: [index], name }, checker);
  });
  if (problems.length === 0) return { ok: true, nodes: items as ElementNodeValue[] };
  return { ok: false, problem: describeProblems(problems) };
}
