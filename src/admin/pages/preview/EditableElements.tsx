import {
  createContext,
  memo,
  useContext,
  useMemo,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { SiteContext, type SiteContextValue } from '../../../site/context';
import { siteElements } from '../../../site/elements/registry';
import { ElementBoundary } from '../../../site/render/RenderElements';
import { PageLevel } from '../../../site/render/PageLevel';
import { ELEMENT_META, isElementTag, withDefaults } from '../../../site/render/elementMeta';
import { pathKey, type ElementPath } from '../model/elementTree';
import { withLiveNode, type LiveEdit, type LiveEditStore } from '../model/liveEdit';

/** Keys typed into rich text that the editor's state does not have yet (the page editor's preview). */
export const LiveEditContext = createContext<LiveEditStore | null>(null);

/** The edit at `pathId`, if the store's edit is there. */
const editAt = (store: LiveEditStore | null, pathId: string): LiveEdit | null => {
  const current = store?.get() ?? null;
  return current && pathKey(current.path) === pathId ? current : null;
};

/** An element without slots: the only kind that may render through a root of its own. */
const isLeaf = (node: ElementNodeValue) => {
  const tag = node?.tag;
  return typeof tag === 'string' && isElementTag(tag) && !ELEMENT_META[tag].slots.length;
};

/** The content of an element without slots: its site component in its error boundary. */
function leafContent(node: ElementNodeValue): ReactNode {
  const tag = node.tag;
  if (!isElementTag(tag)) return null;
  const Element = siteElements[tag] as ComponentType<Record<string, unknown>>;
  return (
    <ElementBoundary tag={tag}>
      <Element {...withDefaults(tag, node.props as Record<string, unknown> | undefined)} />
    </ElementBoundary>
  );
}

/**
 * The element as the preview shows it: with a key typed into it that the state does not have yet.
 * Once a key was typed into an element without slots, the element renders through a small React
 * root of its own (`own`), synchronously on each key: an update of the preview's root would walk
 * the whole admin tree down to the element and back (a third of a millisecond per key). Its
 * first key comes through the preview's root.
 */
function useLiveNode(
  node: ElementNodeValue,
  pathId: string,
  own: { root: Root | null; site: SiteContextValue | null },
  store: LiveEditStore | null,
): { node: ElementNodeValue; typedInto: boolean } {
  // State, not useSyncExternalStore: that one schedules an effect on every change of the
  // snapshot, that is on every key. A key's update is discrete (an input event): it renders at once.
  const [edit, setEdit] = useState(() => editAt(store, pathId));
  const latest = useRef(node);
  latest.current = node;
  useEffect(() => {
    if (!store) return;
    // `now`: a key (from an input listener, outside React's work) renders before it returns.
    const update = (now: boolean) => {
      const next = editAt(store, pathId);
      const { root, site } = own;
      if (!root) return setEdit(next);
      // The edit ends when the state has the text: the state's node renders (layout effect below).
      if (!next) return;
      const content = (
        <SiteContext.Provider value={site}>{leafContent(withLiveNode(latest.current, next))}</SiteContext.Provider>
      );
      if (now) flushSync(() => root.render(content));
      else root.render(content);
    };
    // An edit that came between the render and the subscription.
    update(false);
    return store.subscribeAt(pathId, () => update(true));
  }, [store, pathId, own]);
  const shown = edit && pathKey(edit.path) === pathId ? edit : null;
  // No effect here either: the preview (PagePreview) ends the edit when the state has the typed text.
  const live = useMemo(() => withLiveNode(node, shown), [node, shown]);
  return { node: live, typedInto: !!shown };
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
  page = false,
}: {
  elements: readonly ElementNodeValue[] | undefined;
  listPath: ElementPath;
  emptyHint?: string;
  /** Index of the first element in its list (a page's elements may be split by layout elements). */
  offset?: number;
  /** A list of the page's top level: as on the site, elements that do not lay themselves out get the content container. */
  page?: boolean;
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
        page={page}
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
    page,
  }: {
    elements: readonly ElementNodeValue[];
    listPath: ElementPath;
    offset: number;
    page: boolean;
  }): ReactNode {
    return elements.map((node, i) => {
      const path = [...listPath, offset + i];
      const element = <EditableElement key={offset + i} node={node} path={path} pathId={pathKey(path)} />;
      return page ? (
        <PageLevel key={offset + i} tag={node?.tag}>
          {element}
        </PageLevel>
      ) : (
        element
      );
    });
  },
  (a, b) =>
    a.offset === b.offset &&
    a.page === b.page &&
    sameItems(a.listPath, b.listPath) &&
    sameItems(a.elements, b.elements),
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
    const site = useContext(SiteContext);
    // The element's own root, once a key was typed into it (an element without slots only).
    const [own] = useState<{ root: Root | null; site: SiteContextValue | null }>(() => ({ root: null, site }));
    const [hosted, setHosted] = useState(false);
    // A key typed into this element re-renders it alone; the same node (the edit done) renders nothing again.
    const store = useContext(LiveEditContext);
    const { node, typedInto } = useLiveNode(stateNode, pathId, own, store);
    const leaf = isLeaf(stateNode);
    useEffect(() => {
      if (typedInto && leaf && !hosted) setHosted(true);
    }, [typedInto, leaf, hosted]);

    const container = useRef<HTMLDivElement>(null);
    // The own root shows the state's element with the typing that is ahead of it, from the store:
    // the state `edit` above stays at the key that made the element hosted.
    useLayoutEffect(() => {
      if (!hosted || !leaf || !container.current) return;
      own.site = site;
      own.root ??= createRoot(container.current);
      const shown = withLiveNode(stateNode, editAt(store, pathId));
      own.root.render(<SiteContext.Provider value={site}>{leafContent(shown)}</SiteContext.Provider>);
    }, [hosted, leaf, stateNode, site, own, store, pathId]);
    useEffect(
      () => () => {
        const { root } = own;
        own.root = null;
        // Not while the preview's root commits.
        if (root) setTimeout(() => root.unmount(), 0);
      },
      [own],
    );
    // Another tag with slots took its place: back to the preview's root, in a new box (the own root
    // leaves the old one when it unmounts, after the preview's root is done).
    const [generation, setGeneration] = useState(0);
    useLayoutEffect(() => {
      if (leaf || !own.root) return;
      const { root } = own;
      own.root = null;
      setHosted(false);
      setGeneration((value) => value + 1);
      setTimeout(() => root.unmount(), 0);
    }, [leaf, own]);

    return useMemo(() => {
      // The same box (a preview's watcher of it goes on seeing it): the preview's root empties it, the own root fills it.
      if (hosted && leaf)
        return <div key={generation} ref={container} data-el={pathId} style={{ display: 'contents' }} />;
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
        <div key={generation} data-el={pathId} style={{ display: 'contents' }}>
          <ElementBoundary tag={tag}>
            <Element {...merged} />
          </ElementBoundary>
        </div>
      );
      // `path` is the same as long as `pathId` is.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [node, pathId, hosted, leaf, generation]);
  },
  (a, b) => a.node === b.node && a.pathId === b.pathId,
);
