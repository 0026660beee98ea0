import { getIn, setIn } from '../../form/arrays/paths';
import { getNode, updateNode, type ElementList, type ElementPath } from './elementTree';

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

/** The elements as the preview shows them: with the edit while the state is behind it, otherwise as they are (same array). */
export function withLiveEdit(elements: ElementList, edit: LiveEdit | null): ElementList {
  if (!edit) return elements;
  const node = getNode(elements, edit.path);
  if (!node) return elements;
  const current = getIn(node.props, edit.prop);
  if (current === edit.value || !edit.from.includes(current)) return elements;
  return updateNode(elements, edit.path, (old) => ({
    ...old,
    props: setIn((old.props ?? {}) as Record<string, unknown>, edit.prop, edit.value),
  }));
}

/** The typing's latest edit, shared by the element form (writes) and the preview (subscribes). */
export interface LiveEditStore {
  get(): LiveEdit | null;
  set(edit: LiveEdit | null): void;
  subscribe(listener: () => void): () => void;
}

export function createLiveEditStore(): LiveEditStore {
  let current: LiveEdit | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(edit) {
      if (edit === current) return;
      current = edit;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
