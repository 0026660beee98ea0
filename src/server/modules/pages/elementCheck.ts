import type { Registry } from '../../../shared/registry';
import {
  createElementChecker,
  describeProblems,
  elementListProblems,
  type ElementChecker,
  type ElementCompleteness,
} from '../../../shared/validation/elementProblems';
import { badRequest } from '../../errors';
import type { ModelHooks } from '../documents/hooks';

const checkers = new WeakMap<Registry, Map<ElementCompleteness, ElementChecker>>();

/** One checker per registry and completeness: compiling the element schemas takes a moment, checking none. */
export function checkerOf(registry: Registry, completeness: ElementCompleteness): ElementChecker {
  let byCompleteness = checkers.get(registry);
  if (!byCompleteness) checkers.set(registry, (byCompleteness = new Map()));
  let checker = byCompleteness.get(completeness);
  if (!checker) byCompleteness.set(completeness, (checker = createElementChecker(registry, completeness)));
  return checker;
}

/**
 * The elements a write sends, against the schemas of their tags (schemas/elements), nested elements in
 * slots too: the model schema checks only that each top-level node has a tag and an object of props.
 * A page is checked `complete` (the public site renders it), and so is a layout: it has no draft, what is
 * saved is live on every page that uses it. A page draft is checked `inProgress` (the editor saves it 750 ms
 * after each change, so a required value may still be missing; publishing checks the draft as a page).
 * A problem answers 400 naming the element and the field, nothing is written.
 *
 * Only elements the caller sends are checked: a document stored before this check with elements it
 * refuses still loads, and a write of its other fields (a rename, a move) goes through; the editor,
 * which sends the elements with every save, says what to fix.
 */
export function elementCheckHooks(
  completeness: ElementCompleteness,
  { positioned = false }: { positioned?: boolean } = {},
): Pick<ModelHooks, 'beforeWrite'> {
  return {
    async beforeWrite({ registry, input, doc }) {
      if (!Object.hasOwn(input, 'elements')) return;
      const problems = elementListProblems(doc.elements, checkerOf(registry, completeness), { positioned });
      if (problems.length > 0) throw badRequest(describeProblems(problems), { fields: problems });
    },
  };
}

/** `hooks` with the element check run first in its beforeWrite. */
export function withElementCheck(hooks: ModelHooks, check: Pick<ModelHooks, 'beforeWrite'>): ModelHooks {
  return {
    ...hooks,
    async beforeWrite(args) {
      await check.beforeWrite?.(args);
      await hooks.beforeWrite?.(args);
    },
  };
}
