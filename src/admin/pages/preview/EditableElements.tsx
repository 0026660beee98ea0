import {
  createContext,
  memo,
  useCallback,
  useContext,
  useMemo,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { siteElements } from '../../../site/elements/registry';
import { ElementBoundary } from '../../../site/render/RenderElements';
import { ELEMENT_META, isElementTag, withDefaults } from '../../../site/render/elementMeta';
import { pathKey, type ElementPath } from '../model/elementTree';
import { withLiveNode, type LiveEdit, type LiveEditStore } from '../model/liveEdit';

/** Keys typed into rich text that the editor's state does not have yet (the page editor's preview). */
export const LiveEditContext = createContext<LiveEditStore | null>(null);

/** The element as the preview shows it: with a key typed into it that the state does not have yet. */
function useLiveNode(node: ElementNodeValue, pathId: string): ElementNodeValue {
  const store = useContext(LiveEditContext);
  const editAt = useCallback((): LiveEdit | null => {
    const current = store?.get() ?? null;
    return current && pathKey(current.path) === pathId ? current : null;
  }, [store, pathId]);
  // State, not useSyncExternalStore: that one schedules an effect on every change of the
  // snapshot, that is on every key. A key's update is discrete (an input event): it renders at once.
  const [edit, setEdit] = useState(editAt);
  useEffect(() => {
    if (!store) return;
    const update = () => setEdit(editAt());
    // An edit that came between the render and the subscription.
    update();
    return store.subscribeAt(pathId, update);
  }, [store, pathId, editAt]);
  const shown = edit && pathKey(edit.path) === pathId ? edit : null;
  // No effect here either: the preview (PagePreview) ends the edit when the state has the typed text.
  return useMemo(() => withLiveNode(node, shown), [node, shown]);
}

/** Elements per run of a list: a key re-renders one run, and React walks its siblings only, not the whole list's. */
const RUN = 16;
const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The page as the public site renders it (the same element components, defaults and error
 * boundaries as src/site/render/RenderElements.tsx), with every element wrapped in a box-less
 * `display: contents` marker carrying its path, so a click in the preview finds the (nested) element.
 * Elements are memoised by node identity: typing re-renders only the element that changed. A long
 * list renders in runs of RUN elements (no box of their own): an update of one element makes React
 * visit that run's elements, not all of the page's.
 */
export const EditableList = memo(function EditableList({
  elements,
  listPath,
  emptyHint,
  offset = 0,
}: {
  elements: readonly ElementNodeValue[] | undefined;
  listPath: ElementPath;
  emptyHint?: string;
  /** Index of the first element in its list (a page's elements may be split by layout elements). */
  offset?: number;
}): ReactNode {
  if (!elements?.length)
    return emptyHint ? (
      <div data-el-empty={pathKey(listPath)} className="baukasten-empty-slot">
        {emptyHint}
      </div>
    ) : null;
  const runs: ReactNode[] = [];
  for (let start = 0; start < elements.length; start += RUN)
    runs.push(
      <EditableRun
        key={offset + start}
        elements={elements.slice(start, start + RUN)}
        listPath={listPath}
        offset={offset + start}
      />,
    );
  return runs;
});

/** Consecutive elements of a list; renders again only when one of them (or its place) changed. */
const EditableRun = memo(
  function EditableRun({
    elements,
    listPath,
    offset,
  }: {
    elements: readonly ElementNodeValue[];
    listPath: ElementPath;
    offset: number;
  }): ReactNode {
    return elements.map((node, i) => {
      const path = [...listPath, offset + i];
      return <EditableElement key={offset + i} node={node} path={path} pathId={pathKey(path)} />;
    });
  },
  (a, b) => a.offset === b.offset && sameItems(a.listPath, b.listPath) && sameItems(a.elements, b.elements),
);

const EditableElement = memo(
  function EditableElement({
    node: stateNode,
    path,
    pathId,
  }: {
    node: ElementNodeValue;
    path: ElementPath;
    pathId: string;
  }) {
    // A key typed into this element re-renders it alone; the same node (the edit done) renders nothing again.
    const node = useLiveNode(stateNode, pathId);
    return useMemo(() => {
      const tag = node?.tag;
      if (typeof tag !== 'string' || !isElementTag(tag))
        return (
          <div data-el={pathId} className="baukasten-missing">
            Missing element {String(tag)}
          </div>
        );
      const merged = withDefaults(tag, node.props as Record<string, unknown> | undefined);
      for (const slot of ELEMENT_META[tag].slots) {
        const nodes = merged[slot];
        merged[slot] = (
          <EditableList
            elements={Array.isArray(nodes) ? (nodes as ElementNodeValue[]) : []}
            listPath={[...path, slot]}
            emptyHint="Empty: add elements here"
          />
        );
      }
      const Element = siteElements[tag] as ComponentType<Record<string, unknown>>;
      return (
        <div data-el={pathId} style={{ display: 'contents' }}>
          <ElementBoundary tag={tag}>
            <Element {...merged} />
          </ElementBoundary>
        </div>
      );
      // `path` is the same as long as `pathId` is.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [node, pathId]);
  },
  (a, b) => a.node === b.node && a.pathId === b.pathId,
);
