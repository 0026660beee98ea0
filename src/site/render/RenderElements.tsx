import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { ElementNodeValue } from '../../shared/generated/types';
import { siteElements } from '../elements/registry';
import { AboveFoldContext, useAboveFold } from './aboveFold';
import { ELEMENT_META, isElementTag, withDefaults } from './elementMeta';
import { PageLevel } from './PageLevel';

/** How many top-level elements count as above the fold (e.g. navigation and hero). */
const ABOVE_FOLD_ELEMENTS = 2;

/**
 * Isolates one element: in the browser a render error shows nothing instead of the element; during
 * server rendering the Suspense boundary makes React leave the failed element to the browser.
 */
export class ElementBoundary extends Component<{ tag: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Element ${this.props.tag} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

/** One element: schema defaults under its props, slots rendered recursively, isolated by an error boundary. */
export function RenderElement({ tag, props }: { tag: string; props?: Record<string, unknown> }): ReactNode {
  if (!isElementTag(tag)) {
    console.error('Missing element', tag);
    return null;
  }
  const merged = withDefaults(tag, props);
  for (const slot of ELEMENT_META[tag].slots) {
    const nodes = merged[slot];
    merged[slot] = Array.isArray(nodes) ? <RenderElements elements={nodes as ElementNodeValue[]} /> : null;
  }
  // The registry is complete and typed per tag; the lookup by a runtime tag loses the pairing, so widen once here.
  const Element = siteElements[tag] as ComponentType<Record<string, unknown>>;
  return (
    <ElementBoundary tag={tag}>
      <Element {...merged} />
    </ElementBoundary>
  );
}

/**
 * Renders a list of element nodes. `root` marks the main list of the page's top level: its first
 * elements count as above the fold. `page` marks a list of the page's top level (before, main and
 * after): its elements that do not lay themselves out get the page's content container. Keys are
 * positions: element lists are replaced as a whole when a page changes.
 */
export function RenderElements({
  elements,
  root = false,
  page = root,
}: {
  elements: readonly ElementNodeValue[] | undefined;
  root?: boolean;
  page?: boolean;
}): ReactNode {
  const aboveFold = useAboveFold();
  if (!elements?.length) return null;
  return elements.map((node, index) => {
    const rendered = (
      <RenderElement key={index} tag={node.tag} props={node.props as Record<string, unknown> | undefined} />
    );
    const element = page ? (
      <PageLevel key={index} tag={node.tag}>
        {rendered}
      </PageLevel>
    ) : (
      rendered
    );
    const priority = root ? index < ABOVE_FOLD_ELEMENTS : aboveFold;
    return priority === aboveFold ? (
      element
    ) : (
      <AboveFoldContext.Provider key={index} value={priority}>
        {element}
      </AboveFoldContext.Provider>
    );
  });
}
