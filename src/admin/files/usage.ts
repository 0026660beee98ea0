import { pluralize } from '../../shared/rules/pluralize';
import type { FileReference } from '../core/data/files';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const names = (references: FileReference[]) =>
  references
    .map((reference) => reference.name || reference.path || reference.id)
    .sort((a, b) => a.localeCompare(b, 'de'))
    .join(', ');

/**
 * Where files are used, one line per kind for the delete dialog: 'Used on 2 pages: Angebot, Home',
 * 'In 1 draft: Entwurf', 'In 1 layout: Standard', then one per other model naming the fields:
 * 'In 1 site configuration: Baukasten (Favicon URL)'. A draft whose published page is already named is
 * left out: the page says it. Empty when nothing uses them.
 */
export function usageLines(references: FileReference[]): string[] {
  const pages = references.filter((reference) => reference.model === 'page');
  const published = new Set(pages.map((page) => page.id));
  const drafts = references.filter((reference) => reference.model === 'pageDraft' && !published.has(reference.id));
  const layouts = references.filter((reference) => reference.model === 'layout');
  const others = new Map<string, FileReference[]>();
  for (const reference of references) {
    if (reference.label === undefined || ELEMENT_MODELS.includes(reference.model)) continue;
    others.set(reference.model, [...(others.get(reference.model) ?? []), reference]);
  }
  return [
    pages.length ? `Used on ${count(pages.length, 'page', 'pages')}: ${names(pages)}` : '',
    drafts.length ? `In ${count(drafts.length, 'draft', 'drafts')}: ${names(drafts)}` : '',
    layouts.length ? `In ${count(layouts.length, 'layout', 'layouts')}: ${names(layouts)}` : '',
    ...[...others.values()].map((documents) => {
      const kind = (documents[0].label ?? '').toLowerCase();
      const each = documents
        .map((document) => `${document.name || document.id} (${(document.fields ?? []).join(', ')})`)
        .sort((a, b) => a.localeCompare(b, 'de'))
        .join(', ');
      return `In ${count(documents.length, kind, pluralize(kind))}: ${each}`;
    }),
  ].filter(Boolean);
}

const ELEMENT_MODELS = ['page', 'pageDraft', 'layout'];
