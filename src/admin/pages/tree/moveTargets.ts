import type { PageTreeNode } from '../../../shared/api/pages';

/** A place a page can move to: under a page (`id`), or the top level (`id` null). */
export interface MoveTarget {
  id: string | null;
  name: string;
  path: string;
  depth: number;
  /** Where the page is now: shown, not choosable. */
  current: boolean;
  /** The top level when another page holds it (`/`, of which a site has one): its name; shown, not choosable. */
  takenBy?: string;
}

/** True when `moving` can go to `target`. */
export const choosable = (target: MoveTarget) => !target.current && target.takenBy === undefined;

/** The page other than `moving` that holds the top level (the site's root, `/`), if any. */
export function topLevelHolder(nodes: PageTreeNode[], moving: string): PageTreeNode | undefined {
  return nodes.find((node) => node._id !== moving);
}

export const TOP_LEVEL = 'Top level';

/** The id of the page `id` sits under: null at the top level, undefined when it is not in the tree. */
export function parentOf(nodes: PageTreeNode[], id: string, parent: string | null = null): string | null | undefined {
  for (const node of nodes) {
    if (node._id === id) return parent;
    const found = parentOf(node.children, id, node._id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The ids from the top of the tree down to `id` (itself included); empty when it is not in the tree. */
export function lineOf(nodes: PageTreeNode[], id: string): string[] {
  for (const node of nodes) {
    if (node._id === id) return [id];
    const below = lineOf(node.children, id);
    if (below.length) return [node._id, ...below];
  }
  return [];
}

/**
 * Where `moving` can go, in the tree's order: the top level, then every page but itself and the pages
 * below it (a page cannot move below itself). Its present parent is marked current, the top level taken
 * while another page holds it (the server gives a top-level page `/` and refuses a second one).
 */
export function moveTargets(nodes: PageTreeNode[], moving: PageTreeNode): MoveTarget[] {
  const parent = parentOf(nodes, moving._id);
  const holder = parent === null ? undefined : topLevelHolder(nodes, moving._id);
  const targets: MoveTarget[] = [
    { id: null, name: TOP_LEVEL, path: '', depth: 0, current: parent === null, takenBy: holder?.name },
  ];
  const walk = (list: PageTreeNode[], depth: number) => {
    for (const node of list) {
      if (node._id === moving._id) continue;
      targets.push({ id: node._id, name: node.name, path: node._path, depth, current: node._id === parent });
      walk(node.children, depth + 1);
    }
  };
  walk(nodes, 1);
  return targets;
}

/** Lower case without accents, so "uber" finds "Über uns". */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** True when the filter's words are all in the target's name or path. */
export function matchesFilter(target: MoveTarget, filter: string): boolean {
  const text = plain(`${target.name} ${target.path}`);
  return plain(filter)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}
