import { ELEMENT_META } from '../../shared/generated/elementMeta';
import type { ElementTag } from '../../shared/generated/schemas';

/** Defaults and slots of every element, generated from the element schemas (`npm run generate`). */
export { ELEMENT_META } from '../../shared/generated/elementMeta';

export type ElementDefaults<T extends ElementTag> = (typeof ELEMENT_META)[T]['defaults'];

export function isElementTag(tag: string): tag is ElementTag {
  return Object.hasOwn(ELEMENT_META, tag);
}

/** Schema defaults under the stored props (a fresh copy: defaults are shared constants). */
export function withDefaults(tag: ElementTag, props: Record<string, unknown> | undefined): Record<string, unknown> {
  const defaults = structuredClone(ELEMENT_META[tag].defaults) as Record<string, unknown>;
  return { ...defaults, ...(props ?? {}) };
}
