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

/** The icon names an element shows: its props (with defaults) at the paths its schema gives (`ELEMENT_META[tag].icons`). */
export function iconsOf(tag: string, props: Record<string, unknown> | undefined): string[] {
  if (!isElementTag(tag)) return [];
  const found: string[] = [];
  const collect = (value: unknown, steps: string[]): void => {
    const [step, ...rest] = steps;
    if (step === undefined) {
      if (typeof value === 'string') found.push(value);
    } else if (step === '*') {
      if (Array.isArray(value)) for (const item of value) collect(item, rest);
    } else if (value && typeof value === 'object') collect((value as Record<string, unknown>)[step], rest);
  };
  const values = withDefaults(tag, props);
  for (const path of ELEMENT_META[tag].icons) collect(values, path.split('.'));
  return found;
}
