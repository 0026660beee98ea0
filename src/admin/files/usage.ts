import type { FileReference } from '../core/data/files';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const names = (references: FileReference[]) =>
  references
    .map((reference) => reference.name || reference.path || reference.id)
    .sort((a, b) => a.localeCompare(b, 'de'))
    .join(', ');

/**
 * Where files are used, one line per kind for the delete dialog: 'Used on 2 pages: Angebot, Home',
 * 'In 1 draft: Entwurf', 'In 1 layout: Standard'. A draft whose published page is already named is
 * left out: the page says it. Empty when nothing uses them.
 */
export function usageLines(references: FileReference[]): string[] {
  const pages = references.filter((reference) => reference.model === 'page');
  const published = new Set(pages.map((page) => page.id));
  const drafts = references.filter((reference) => reference.model === 'pageDraft' && !published.has(reference.id));
  const layouts = references.filter((reference) => reference.model === 'layout');
  return [
    pages.length ? `Used on ${count(pages.length, 'page', 'pages')}: ${names(pages)}` : '',
    drafts.length ? `In ${count(drafts.length, 'draft', 'drafts')}: ${names(drafts)}` : '',
    layouts.length ? `In ${count(layouts.length, 'layout', 'layouts')}: ${names(layouts)}` : '',
  ].filter(Boolean);
}
