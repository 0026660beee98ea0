import type { SpellFinding } from '../../../shared/api/pages';
import { getIn, setIn } from '../../form/arrays/paths';
import { pathKey, type SlotsOf } from './elementTree';

/** A finding's path as steps (`elements.2.props.text` -> ['elements', 2, 'props', 'text']). */
export const findingSteps = (path: string): (string | number)[] =>
  path.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step));

/**
 * The outline key of the element a finding is in (`2.children.0`), or null for a field of the page
 * itself. Nested elements are followed through their slots only, not through other arrays of props.
 */
export function elementKeyOf(path: string, doc: Record<string, unknown>, slotsOf: SlotsOf): string | null {
  const steps = findingSteps(path);
  if (steps[0] !== 'elements' || typeof steps[1] !== 'number') return null;
  const key: (string | number)[] = [steps[1]];
  let node = getIn(doc, steps.slice(0, 2)) as { tag?: string } | undefined;
  let i = 2;
  while (
    steps[i] === 'props' &&
    typeof steps[i + 2] === 'number' &&
    node?.tag &&
    slotsOf(node.tag).includes(String(steps[i + 1]))
  ) {
    key.push(steps[i + 1], steps[i + 2]);
    node = getIn(doc, steps.slice(0, i + 3)) as { tag?: string } | undefined;
    i += 3;
  }
  return pathKey(key);
}

/**
 * The outline key of the element the first field error of a refused save is in (`2.children.0`), or null
 * when none is about an element. A layout's entries hold their element under `element`.
 */
export function elementAtFault(
  fields: Record<string, string> | undefined,
  elements: readonly unknown[],
  slotsOf: SlotsOf,
): string | null {
  for (const field of Object.keys(fields ?? {})) {
    const key = elementKeyOf(field.replace(/^elements\.(\d+)\.element(?=\.|$)/, 'elements.$1'), { elements }, slotsOf);
    if (key !== null) return key;
  }
  return null;
}

/** Number of findings per element key (the outline's badges). */
export function findingsByElement(findings: SpellFinding[], doc: Record<string, unknown>, slotsOf: SlotsOf) {
  const counts: Record<string, number> = {};
  for (const finding of findings) {
    const key = elementKeyOf(finding.path, doc, slotsOf);
    if (key !== null) counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The document with the first whole-word occurrence of the finding's word replaced by `suggestion`. */
export function applySuggestion<T extends Record<string, unknown>>(
  doc: T,
  finding: SpellFinding,
  suggestion: string,
): T {
  const steps = findingSteps(finding.path);
  const text = getIn(doc, steps);
  if (typeof text !== 'string') return doc;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(finding.word)}(?![\\p{L}\\p{N}])`, 'u');
  if (!pattern.test(text)) return doc;
  return setIn<T>(doc, steps, text.replace(pattern, suggestion));
}

/** The path of the first value equal to `value` inside `root` (an image's file id inside an element's props). */
export function pathOfValue(root: unknown, value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (root === value) return path;
  if (!root || typeof root !== 'object') return null;
  const entries = Array.isArray(root) ? root.map((item, i) => [i, item] as const) : Object.entries(root);
  for (const [key, child] of entries) {
    const found = pathOfValue(child, value, [...path, key]);
    if (found) return found;
  }
  return null;
}
