import { getNode, parsePathKey, splitPath, type ElementList, type ElementPath, type SlotsOf } from './elementTree';

/**
 * Where a new element goes: `after` the selected one, as its next sibling (building a page top-down: the
 * element just added is selected, the next one follows it), or `inside` it, at the end of its first slot,
 * when it is a container and the user chose so. Nothing selected: at the end of the page.
 */
export type Placement = 'after' | 'inside';

export function insertionPoint(
  elements: ElementList,
  selected: string | null,
  slotsOf: SlotsOf,
  placement: Placement,
): { list: ElementPath; index: number } {
  const path = selected === null ? undefined : parsePathKey(selected);
  const node = path && getNode(elements, path);
  if (!path || !node) return { list: [], index: elements.length };
  const slot = slotsOf(node.tag)[0];
  if (placement === 'inside' && slot) {
    const children = (node.props as Record<string, unknown> | undefined)?.[slot];
    return { list: [...path, slot], index: Array.isArray(children) ? children.length : 0 };
  }
  const { list, index } = splitPath(path);
  return { list, index: index + 1 };
}

/** Whether the selected element can take children (the add menu then offers to add inside it). */
export function canHoldChildren(elements: ElementList, selected: string | null, slotsOf: SlotsOf): boolean {
  const node = selected === null ? undefined : getNode(elements, parsePathKey(selected));
  return !!node && slotsOf(node.tag).length > 0;
}
