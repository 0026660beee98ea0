import { memo, type ComponentType, type ReactNode } from 'react';
import type { ElementNodeValue } from '../../../shared/generated/types';
import { siteElements } from '../../../site/elements/registry';
import { ElementBoundary } from '../../../site/render/RenderElements';
import { ELEMENT_META, isElementTag, withDefaults } from '../../../site/render/elementMeta';
import { pathKey, type ElementPath } from '../model/elementTree';

/**
 * The page as the public site renders it (the same element components, defaults and error
 * boundaries as src/site/render/RenderElements.tsx), with every element wrapped in a box-less
 * `display: contents` marker carrying its path, so a click in the preview finds the (nested) element.
 * Elements are memoised by node identity: typing re-renders only the element that changed.
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
  return elements.map((node, i) => {
    const path = [...listPath, offset + i];
    return <EditableElement key={offset + i} node={node} path={path} pathId={pathKey(path)} />;
  });
});

const EditableElement = memo(
  function EditableElement({ node, path, pathId }: { node: ElementNodeValue; path: ElementPath; pathId: string }) {
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
  },
  (a, b) => a.node === b.node && a.pathId === b.pathId,
);
