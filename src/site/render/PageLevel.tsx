import type { ReactNode } from 'react';
import { ELEMENT_META, isElementTag } from './elementMeta';

/** The box (site.css) of an element placed directly on a page that does not lay itself out there. */
export const PAGE_FLOW_CLASS = 'site-flow';

/**
 * True when an element with `tag`, placed directly on a page, goes in the page's content container:
 * every element except those that lay themselves out there (`x-ownLayout`: sections, hero,
 * navigation, footer, anchors, spacers).
 */
export function needsContentContainer(tag: string): boolean {
  return isElementTag(tag) && !ELEMENT_META[tag].ownLayout;
}

/**
 * An element of a page's top level: in the page's content container (a section's width, side
 * padding and spacing, see `.site-flow`) unless it lays itself out. One box per element, so the page's
 * top-level elements stay the children of its main area one for one.
 */
export function PageLevel({ tag, children }: { tag: string; children: ReactNode }): ReactNode {
  return needsContentContainer(tag) ? <div className={PAGE_FLOW_CLASS}>{children}</div> : children;
}
