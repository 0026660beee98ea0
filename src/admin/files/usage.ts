import { pluralize } from '../../shared/rules/pluralize';
import type { FileReference, FileReferencesAnswer, HiddenFileUses } from '../core/data/files';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const names = (references: FileReference[]) =>
  references
    .map((reference) => reference.name || reference.path || reference.id)
    .sort((a, b) => a.localeCompare(b, 'de'))
    .join(', ');

/**
 * Where files are used, one line per kind for the delete dialog: 'Used on 2 pages: Angebot, Home',
 * 'In 1 draft: Entwurf', 'In 1 layout: Standard', then one per other model naming the fields:
 * 'In 1 site configuration: Baukasten (Favicon URL)', then the uses the user may not open, counted:
 * 'Also used on 1 page and 1 draft you may not open'. A draft whose published page is already named is
 * left out: the page says it. Empty when nothing uses them.
 */
export function usageLines({ references, hidden }: FileReferencesAnswer): string[] {
  const pages = references.filter((reference) => reference.model === 'page');
  const published = new Set(pages.map((page) => page.id));
  const drafts = references.filter((reference) => reference.model === 'pageDraft' && !published.has(reference.id));
  const layouts = references.filter((reference) => reference.model === 'layout');
  const others = new Map<string, FileReference[]>();
  for (const reference of references) {
    if (reference.label === undefined || ELEMENT_MODELS.includes(reference.model)) continue;
    others.set(reference.model, [...(others.get(reference.model) ?? []), reference]);
  }
  const named = [
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
  const unseen = hiddenLine(hidden, named.length > 0);
  return unseen ? [...named, unseen] : named;
}

/** The uses the user may not open, in one line: 'Used on 2 pages, 1 draft and 1 layout you may not open'. */
function hiddenLine(hidden: readonly HiddenFileUses[], also: boolean): string {
  const parts = hidden
    .filter((use) => use.count > 0)
    .map((use) => {
      const [one, many] = HIDDEN_KINDS[use.model] ?? ['document', 'documents'];
      return count(use.count, one, many);
    });
  if (parts.length === 0) return '';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${also ? 'Also used' : 'Used'} on ${list} you may not open`;
}

const HIDDEN_KINDS: Record<string, [string, string]> = {
  page: ['page', 'pages'],
  pageDraft: ['draft', 'drafts'],
  layout: ['layout', 'layouts'],
};

const ELEMENT_MODELS = ['page', 'pageDraft', 'layout'];
