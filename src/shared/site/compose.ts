import { ELEMENT_META } from '../generated/elementMeta';
import type { ElementTag } from '../generated/schemas';
import type { ElementNodeValue } from '../generated/types';

/** One element of a layout: the element and where it goes relative to the page's own elements. */
export interface PositionedElement {
  position: number;
  element: ElementNodeValue;
}

/** The elements of a page view, split by landmark: layout elements around the page's `<main>`. */
export interface ComposedElements {
  /** Layout elements placed before the page's first element (navigation). */
  before: ElementNodeValue[];
  /** The page's elements, with layout elements placed between them. */
  main: ElementNodeValue[];
  /** Layout elements placed after the page's last element (footer). */
  after: ElementNodeValue[];
}

/**
 * The layout rule: a layout element at `position` p goes before the page element with index p
 * (zero-based). So p <= 0 puts it before all page elements (the navigation, `0` in the schema's
 * example), p >= the number of page elements after all of them (the footer, `1000`), and anything
 * in between two page elements. Layout elements with the same position keep their order
 * in the layout; fractional positions round up (1.5 goes before page element 2).
 */
export function composeElements(
  pageElements: readonly ElementNodeValue[],
  layoutElements: readonly PositionedElement[] = [],
): ComposedElements {
  const count = pageElements.length;
  const slotOf = (position: number) =>
    Number.isFinite(position) ? Math.min(Math.max(Math.ceil(position), 0), count) : position > 0 ? count : 0;
  const placed = layoutElements
    .map((item, order) => ({ slot: slotOf(item.position), order, element: item.element }))
    .sort((a, b) => a.slot - b.slot || a.order - b.order);
  const at = (slot: number) => placed.filter((item) => item.slot === slot).map((item) => item.element);

  if (count === 0) {
    // No page elements: everything at position <= 0 comes first, the rest after.
    return {
      before: placed.filter((item) => layoutElements[item.order].position <= 0).map((item) => item.element),
      main: [],
      after: placed.filter((item) => layoutElements[item.order].position > 0).map((item) => item.element),
    };
  }
  const main: ElementNodeValue[] = [];
  pageElements.forEach((element, index) => {
    if (index > 0) main.push(...at(index));
    main.push(element);
  });
  return { before: at(0), main, after: at(count) };
}

/** Every element of a tree of element nodes (children in any prop that holds an array of nodes), depth first. */
export function walkElements(
  nodes: readonly ElementNodeValue[],
  visit: (node: ElementNodeValue) => void,
  depth = 0,
): void {
  if (depth > 32) return;
  for (const node of nodes) {
    if (!node || typeof node !== 'object' || typeof node.tag !== 'string') continue;
    visit(node);
    // The child slots rendering descends into (`x-slots` of the element's schema), and only those.
    const slots: readonly string[] = Object.hasOwn(ELEMENT_META, node.tag)
      ? ELEMENT_META[node.tag as ElementTag].slots
      : [];
    const props = (node.props ?? {}) as Record<string, unknown>;
    for (const slot of slots) {
      const value = props[slot];
      if (Array.isArray(value)) walkElements(value.filter(isElementNode), visit, depth + 1);
    }
  }
}

export function isElementNode(value: unknown): value is ElementNodeValue {
  return !!value && typeof value === 'object' && typeof (value as { tag?: unknown }).tag === 'string';
}

/** Ids of the pages that links of type PAGE point to, anywhere in the props (see SiteContextValue.pagePaths). */
export function linkedPageIds(nodes: readonly ElementNodeValue[]): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 40 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    if (record.type === 'PAGE' && typeof record.page === 'string' && /^[0-9a-f]{24}$/.test(record.page))
      ids.add(record.page);
    for (const child of Object.values(record)) visit(child, depth + 1);
  };
  visit(nodes, 0);
  return [...ids];
}
