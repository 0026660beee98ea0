import type { ElementNodeValue } from '../../../shared/generated/types';

const TEXT_FIELDS = ['title', 'text', 'quote', 'label', 'name', 'id'];

/** A short text that tells elements of one kind apart in the outline (their title or the start of their text). */
export function summaryOf(node: ElementNodeValue): string {
  const props = (node.props ?? {}) as Record<string, unknown>;
  for (const field of TEXT_FIELDS) {
    const value = props[field];
    if (typeof value === 'string' && value.trim())
      return value
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*~`>]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60);
  }
  return '';
}
