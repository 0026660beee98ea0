import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ElementNodeValue, SiteConfig } from '../../../shared/generated/types';
import { SiteContext, type SiteContextValue } from '../../../site/context';
import { RenderElement } from '../../../site/render/RenderElements';
import { PageLevel } from '../../../site/render/PageLevel';
import { composeElements, type PositionedElement } from '../../../shared/site/compose';
import { colorCss } from '../../../shared/site/config';
import { imageIdFromSrc } from '../../../shared/rules/imageId';
import { withoutGoneFiles } from '../../../shared/site/goneFiles';
import type { ElementPath } from '../model/elementTree';
import { withLiveEdit, type LiveEditStore } from '../model/liveEdit';
import { EditableList, LiveEditContext } from './EditableElements';
import { PreviewFrame } from './PreviewFrame';

const previewApi: SiteContextValue['api'] = {
  submitForm: () => Promise.reject(new Error('Forms do not submit in the editor preview')),
  contact: () => Promise.reject(new Error('Forms do not submit in the editor preview')),
  event: () => Promise.reject(new Error('Forms do not submit in the editor preview')),
};

const PAGE_MARK = '__page';
const NO_FILES_GONE: ReadonlySet<string> = new Set();

/** A layout's element at the page's top level, shown as on the site but not editable here. */
function LayoutElement({ node }: { node: ElementNodeValue }) {
  return (
    <PageLevel tag={node.tag}>
      <div data-layout style={{ display: 'contents' }}>
        <RenderElement tag={node.tag} props={node.props as Record<string, unknown> | undefined} />
      </div>
    </PageLevel>
  );
}

/** A layout's elements in position order around sample page content, each editable at its own index. */
function LayoutWithSample({
  elements,
  sample,
  listPath,
}: {
  elements: readonly ElementNodeValue[];
  sample: readonly ElementNodeValue[];
  listPath: ElementPath;
}) {
  const order = elements
    .map((node, index) => ({ index, position: (node as { position?: number }).position ?? 0 }))
    .sort((a, b) => a.position - b.position || a.index - b.index);
  const one = ({ index }: { index: number }) => (
    <EditableList key={index} elements={[elements[index]]} listPath={listPath} offset={index} page />
  );
  return (
    <>
      {order.filter((item) => item.position <= 0).map(one)}
      <main id="main" data-layout aria-label="Page content (sample)">
        {sample.map((node, i) => (
          <LayoutElement key={i} node={node} />
        ))}
      </main>
      {order.filter((item) => item.position > 0).map(one)}
    </>
  );
}

export interface PreviewPage {
  _id: string;
  path: string;
  title?: string;
  language?: string;
}

/**
 * The draft as visitors will see it: the chosen layout's elements around the page's own (the
 * site's composition rule), the site's colours, and the editor's selection marks.
 */
export function PagePreview({
  config,
  page,
  pagePaths,
  elements,
  layoutElements,
  selected,
  onSelect,
  width,
  editablePath = [],
  sample,
  onImage,
  live,
  goneFiles = NO_FILES_GONE,
}: {
  config: SiteConfig;
  page: PreviewPage;
  pagePaths: Record<string, string>;
  elements: readonly ElementNodeValue[];
  layoutElements?: readonly PositionedElement[];
  selected: string | null;
  onSelect(key: string): void;
  width: string;
  /** The path of the editable list (the page's elements: `[]`). */
  editablePath?: ElementPath;
  /**
   * Editing a layout: `elements` are the layout's (each with its position) and `sample` stands for
   * a page's content between those at position 0 or less and the others.
   */
  sample?: readonly ElementNodeValue[];
  /** A click on an image: its file id, found in its address (spec section 5), and the element it is in. */
  onImage?(key: string, fileId: string): void;
  /** Keys typed into rich text that the editor's state does not have yet: shown at once. */
  live?: LiveEditStore;
  /** Files the elements name that no longer exist (useGoneFiles): shown without them, as on the site. */
  goneFiles?: ReadonlySet<string>;
}): ReactNode {
  // A typed key re-renders only its element (it subscribes at its path), not the preview.
  useEffect(() => {
    // The state has the typed text now (or something else replaced it, or the element is gone): the edit is done.
    const edit = live?.get();
    if (edit && withLiveEdit(elements, edit) === elements) live?.set(null);
  }, [live, elements]);

  // As the public site serves them: without deleted files (a broken image otherwise). Unchanged elements stay the same.
  const shown = useMemo(() => withoutGoneFiles(elements, goneFiles), [elements, goneFiles]);
  const shownLayout = useMemo(
    () => layoutElements && withoutGoneFiles(layoutElements, goneFiles),
    [layoutElements, goneFiles],
  );

  const site = useMemo<SiteContextValue>(
    () => ({ config, page, pagePaths, api: previewApi }),
    [config, page, pagePaths],
  );
  // The page's elements stand in as markers so layout elements between them keep their places.
  const composed = useMemo(
    () =>
      composeElements(
        shown.map((_, index) => ({ tag: PAGE_MARK, props: { index } })),
        shownLayout as PositionedElement[] | undefined,
      ),
    [shown, shownLayout],
  );
  // Not on every key: the preview re-renders as you type.
  const colors = useMemo(() => colorCss(config), [config]);
  const hovered = useRef<Element | null>(null);
  const frameDoc = useRef<Document | null>(null);

  useEffect(() => {
    const doc = frameDoc.current;
    if (!doc) return;
    doc.querySelectorAll('[data-el].is-selected').forEach((node) => node.classList.remove('is-selected'));
    if (selected === null) return;
    const target = doc.querySelector(`[data-el="${CSS.escape(selected)}"]`);
    target?.classList.add('is-selected');
    const box = target?.firstElementChild?.getBoundingClientRect();
    const view = doc.defaultView;
    // The frame's own scrolling only: scrollIntoView scrolled the admin too, away from the outline and form
    // where the element was selected (under 1280 px, where the window scrolls).
    if (box && view && (box.bottom < 0 || box.top > view.innerHeight))
      view.scrollTo({ top: view.scrollY + box.top + box.height / 2 - view.innerHeight / 2 });
    // Only when the selection or the page's structure changes: reading layout on every keystroke costs a frame.
  }, [selected, elements.length]);

  const renderMain = (nodes: ElementNodeValue[]) => {
    const out: ReactNode[] = [];
    let run: number[] = [];
    const flush = () => {
      if (!run.length) return;
      // Consecutive page elements render as one list so each keeps its memoised element.
      out.push(
        <EditableList
          key={`p${run[0]}`}
          elements={shown.slice(run[0], run[0] + run.length)}
          listPath={editablePath}
          offset={run[0]}
          page
        />,
      );
      run = [];
    };
    nodes.forEach((node, i) => {
      if (node.tag === PAGE_MARK) run.push((node.props as { index: number }).index);
      else {
        flush();
        out.push(<LayoutElement key={`l${i}`} node={node} />);
      }
    });
    flush();
    return out;
  };

  return (
    <PreviewFrame
      title="Vorschau"
      width={width}
      colorCss={colors}
      onPointer={{
        click(target) {
          frameDoc.current = target.ownerDocument;
          // The frame has its own realm: `instanceof HTMLElement` would be false.
          const key = target.closest('[data-el]')?.getAttribute('data-el');
          if (key === null || key === undefined) return;
          onSelect(key);
          const image = target.closest('img');
          const fileId = image ? imageIdFromSrc(image.getAttribute('src') ?? '') : null;
          if (fileId) onImage?.(key, fileId);
        },
        hover(target) {
          frameDoc.current = target?.ownerDocument ?? frameDoc.current;
          const hit = target?.closest('[data-el]') ?? null;
          if (hit === hovered.current) return;
          hovered.current?.classList.remove('is-hovered');
          hit?.classList.add('is-hovered');
          hovered.current = hit;
        },
      }}
      onReady={(doc) => (frameDoc.current = doc)}
    >
      <SiteContext.Provider value={site}>
        <LiveEditContext.Provider value={live ?? null}>
          {composed.before.map((node, i) => (
            <LayoutElement key={i} node={node} />
          ))}
          {sample ? (
            <LayoutWithSample elements={shown} sample={sample} listPath={editablePath} />
          ) : (
            <main id="main">
              {shown.length ? (
                renderMain(composed.main)
              ) : (
                <EditableList elements={[]} listPath={editablePath} emptyHint="This page has no elements yet." />
              )}
            </main>
          )}
          {composed.after.map((node, i) => (
            <LayoutElement key={i} node={node} />
          ))}
        </LiveEditContext.Provider>
      </SiteContext.Provider>
    </PreviewFrame>
  );
}
