import { getIn, setIn } from '../../form/arrays/paths';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { getNode, pathKey, updateNode, type ElementList, type ElementPath } from './elementTree';

/**
 * A key typed into a field of an element, shown by the preview before the editor's state has it:
 * the form and the editor's state (outline, undo, autosave) follow a frame later, the preview at
 * once, rendered by the same site component from the same inline text.
 */
export interface LiveEdit {
  /** The element typed in. */
  path: ElementPath;
  /** The field inside the element's props. */
  prop: readonly (string | number)[];
  value: unknown;
  /**
   * The values the field had in the editor's state since the typing began: while the state holds
   * one of them, the state is behind the typing and the preview shows `value`; any other value
   * (the typing arrived, or an undo or a merge replaced it) wins over the edit.
   */
  from: readonly unknown[];
}

const FROM_LIMIT = 32;
const samePlace = (a: LiveEdit, path: ElementPath, prop: readonly (string | number)[]) =>
  a.path.join('.') === path.join('.') && a.prop.join('.') === prop.join('.');

/** The edit for a key typed into `prop` of the element at `path`, given the editor's elements and the previous edit. */
export function nextLiveEdit(
  elements: ElementList,
  previous: LiveEdit | null,
  path: ElementPath,
  prop: readonly (string | number)[],
  value: unknown,
): LiveEdit {
  const stateValue = getIn(getNode(elements, path)?.props, prop);
  const earlier = previous && samePlace(previous, path, prop) ? [...previous.from, previous.value] : [];
  const from = [...earlier.filter((item) => item !== stateValue), stateValue].slice(-FROM_LIMIT);
  return { path, prop, value, from };
}

/** The element at the edit's path as the preview shows it: with the edit while the state is behind it, otherwise as it is (same node). */
export function withLiveNode<T extends ElementNodeValue>(node: T, edit: LiveEdit | null): T {
  if (!edit) return node;
  const current = getIn(node.props, edit.prop);
  if (current === edit.value || !edit.from.includes(current)) return node;
  return { ...node, props: setIn((node.props ?? {}) as Record<string, unknown>, edit.prop, edit.value) };
}

/** The elements as the preview shows them: with the edit while the state is behind it, otherwise as they are (same array). */
export function withLiveEdit(elements: ElementList, edit: LiveEdit | null): ElementList {
  if (!edit) return elements;
  const node = getNode(elements, edit.path);
  if (!node || withLiveNode(node, edit) === node) return elements;
  return updateNode(elements, edit.path, (old) => withLiveNode(old, edit));
}

/**
 * The typing's latest edit, shared by the element form (writes) and the preview (subscribes). The
 * preview's elements subscribe at their path: a key re-renders only the element typed in.
 */
export interface LiveEditStore {
  get(): LiveEdit | null;
  set(edit: LiveEdit | null): void;
  subscribe(listener: () => void): () => void;
  /** Told only when the edit at `key` (a path key) comes, changes or goes. */
  subscribeAt(key: string, listener: () => void): () => void;
}

export function createLiveEditStore(): LiveEditStore {
  let current: LiveEdit | null = null;
  const listeners = new Set<() => void>();
  const at = new Map<string, Set<() => void>>();
  const notifyAt = (edit: LiveEdit | null) => {
    if (edit) for (const listener of at.get(pathKey(edit.path)) ?? []) listener();
  };
  return {
    get: () => current,
    set(edit) {
      if (edit === current) return;
      const previous = current;
      current = edit;
      if (previous && (!edit || pathKey(previous.path) !== pathKey(edit.path))) notifyAt(previous);
      notifyAt(edit);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeAt(key, listener) {
      const set = at.get(key) ?? new Set();
      at.set(key, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) at.delete(key);
      };
    },
  };
}
