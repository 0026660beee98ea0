import type { ElementNodeValue } from '../../../shared/generated/types';

/**
 * Where an element sits in a page: index, slot, index, slot, ... (`[2, 'children', 0]` is the first
 * child of the third top-level element). A list path ends with a slot (`[]` is the page's own list).
 */
export type ElementPath = readonly (number | string)[];
export type ElementList = readonly ElementNodeValue[];
/** The slots (props holding nested elements) of a tag. */
export type SlotsOf = (tag: string) => readonly string[];

export const pathKey = (path: ElementPath): string => path.join('.');

export function parsePathKey(key: string): ElementPath {
  if (key === '') return [];
  return key.split('.').map((part, index) => (index % 2 === 0 ? Number(part) : part));
}

/** The list an element is in and its index there. */
export function splitPath(path: ElementPath): { list: ElementPath; index: number } {
  return { list: path.slice(0, -1), index: path[path.length - 1] as number };
}

const childrenOf = (node: ElementNodeValue, slot: string): ElementList => {
  const value = (node.props as Record<string, unknown> | undefined)?.[slot];
  return Array.isArray(value) ? (value as ElementList) : [];
};

export function getList(elements: ElementList, listPath: ElementPath): ElementList | undefined {
  let list: ElementList = elements;
  for (let i = 0; i < listPath.length; i += 2) {
    const node = list[listPath[i] as number];
    if (!node) return undefined;
    list = childrenOf(node, listPath[i + 1] as string);
  }
  return list;
}

export function getNode(elements: ElementList, path: ElementPath): ElementNodeValue | undefined {
  if (path.length === 0) return undefined;
  const { list, index } = splitPath(path);
  return getList(elements, list)?.[index];
}

/** Replaces the list at `listPath` (immutably); unknown paths leave the tree as it is. */
export function updateList(
  elements: ElementList,
  listPath: ElementPath,
  update: (list: ElementNodeValue[]) => ElementNodeValue[],
): ElementNodeValue[] {
  if (listPath.length === 0) return update([...elements]);
  const [index, slot, ...rest] = listPath as [number, string, ...(number | string)[]];
  const node = elements[index];
  if (!node) return [...elements];
  const next = [...elements];
  next[index] = {
    ...node,
    props: { ...(node.props ?? {}), [slot]: updateList(childrenOf(node, slot), rest, update) },
  };
  return next;
}

export function updateNode(
  elements: ElementList,
  path: ElementPath,
  update: (node: ElementNodeValue) => ElementNodeValue,
): ElementNodeValue[] {
  const { list, index } = splitPath(path);
  return updateList(elements, list, (items) => {
    if (items[index]) items[index] = update(items[index]);
    return items;
  });
}

export function insertNode(
  elements: ElementList,
  listPath: ElementPath,
  index: number,
  node: ElementNodeValue,
): ElementNodeValue[] {
  return updateList(elements, listPath, (items) => {
    items.splice(Math.max(0, Math.min(index, items.length)), 0, node);
    return items;
  });
}

export function removeNode(elements: ElementList, path: ElementPath): ElementNodeValue[] {
  const { list, index } = splitPath(path);
  return updateList(elements, list, (items) => {
    items.splice(index, 1);
    return items;
  });
}

/** True when `path` is `ancestor` or lies inside it. */
export function isWithin(path: ElementPath, ancestor: ElementPath): boolean {
  return ancestor.length <= path.length && ancestor.every((step, i) => path[i] === step);
}

/**
 * Moves an element to `index` of the list at `toList` (the index as seen before the move). Moving an
 * element into itself does nothing. Answers the new tree and the element's new path.
 */
export function moveNode(
  elements: ElementList,
  from: ElementPath,
  toList: ElementPath,
  index: number,
): { elements: ElementNodeValue[]; path: ElementPath } {
  const node = getNode(elements, from);
  if (!node || isWithin(toList, from)) return { elements: [...elements], path: from };
  const source = splitPath(from);
  // Removing the element shifts later siblings (and lists inside them) one up.
  const adjusted = [...toList];
  if (isWithin(toList, source.list) && toList.length > source.list.length) {
    const step = adjusted[source.list.length] as number;
    if (step > source.index) adjusted[source.list.length] = step - 1;
  }
  let target = index;
  if (pathKey(adjusted) === pathKey(source.list) && toList.length === source.list.length && index > source.index)
    target -= 1;
  const removed = removeNode(elements, from);
  const length = getList(removed, adjusted)?.length ?? 0;
  target = Math.max(0, Math.min(target, length));
  return { elements: insertNode(removed, adjusted, target, node), path: [...adjusted, target] };
}

export interface FlatElement {
  path: ElementPath;
  node: ElementNodeValue;
  depth: number;
}

/** Every element depth first, with its path and depth (the element tree of the editor). */
export function flattenElements(elements: ElementList, slotsOf: SlotsOf, base: ElementPath = []): FlatElement[] {
  const out: FlatElement[] = [];
  const walk = (list: ElementList, prefix: ElementPath, depth: number) => {
    list.forEach((node, index) => {
      if (!node || typeof node.tag !== 'string') return;
      const path = [...prefix, index];
      out.push({ path, node, depth });
      for (const slot of slotsOf(node.tag)) walk(childrenOf(node, slot), [...path, slot], depth + 1);
    });
  };
  walk(elements, base, 0);
  return out;
}
