import type { ReactNode } from 'react';
import type { ElementTag } from '../../shared/generated/schemas';
import { RenderElement, RenderElements } from '../render/RenderElements';
import type { ElementNodeValue } from '../../shared/generated/types';

/** Elements that bring their own band and width; others are shown inside a section as on a page. */
const FULL_BLEED: ReadonlySet<ElementTag> = new Set([
  'navigation',
  'footer',
  'hero',
  'screenSection',
  'section',
  'content',
]);

/** Renders one element from stored props (a schema example) the way a page does. */
export function ElementPreview({ tag, props }: { tag: ElementTag; props: Record<string, unknown> }): ReactNode {
  if (FULL_BLEED.has(tag)) return <RenderElement tag={tag} props={props} />;
  return (
    <div className="mx-auto w-full max-w-6xl px-5 py-12 md:px-8">
      <RenderElement tag={tag} props={props} />
    </div>
  );
}

/** A whole page of element nodes. */
export function PagePreview({ elements }: { elements: ElementNodeValue[] }): ReactNode {
  return <RenderElements elements={elements} root />;
}
