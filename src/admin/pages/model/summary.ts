import type { ElementNodeValue } from '../../../shared/generated/types';

const TEXT_FIELDS = ['title', 'text', 'quote', 'label', 'name', 'id'];

const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*~`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);

/**
 * A short text that tells elements of one kind apart in the outline: their title or the start of their text; an
 * image's alternative text; how many images a gallery shows.
 */
export function summaryOf(node: ElementNodeValue): string {
  const props = (node.props ?? {}) as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = props[field];
    if (typeof value === 'string' && value.trim()) return plain(value);
  }
  const alt = (props.image as { alt?: unknown } | undefined)?.alt;
  if (typeof alt === 'string' && alt.trim()) return plain(alt);
  if (Array.isArray(props.images) && props.images.length)
    return props.images.length === 1 ? '1 image' : `${props.images.length} images`;
  return '';
}
