import { conflict, badRequest } from '../../errors';
import type { ModelHooks } from '../documents/hooks';
import type { DocumentRepository } from '../documents/repository';
import type { Doc } from '../documents/service';
import { createObjectId } from '../../../shared/format/objectId';
import { defaultLayout } from '../../../shared/site/defaultLayout';
import { PageRepository } from './repository';

type PageModel = 'page' | 'pageDraft';
interface Crumb {
  label: string;
  path: string;
}

/**
 * The path segment of a page name: spaces and slashes become dashes, only letters (with their combining marks),
 * digits and `-_.~` stay (case kept). The marks matter where NFC has no composed letter: Hindi's vowel signs
 * and viramas (`हिन्दी`, not `हनद`), Arabic's vowels, stacked accents.
 */
export function slug(name: string): string {
  const segment = name
    .normalize('NFC')
    .trim()
    .replace(/[\s/]+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}\-_.~]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return segment || 'page';
}

/** A page's path and breadcrumb under its parent (the root page, without a parent, is `/`). */
export function placeUnder(parent: Doc | undefined, name: string): { path: string; breadcrumb: Crumb[] } {
  if (!parent) return { path: '/', breadcrumb: [] };
  const parentPath = String(parent._path ?? '/');
  const path = `${parentPath === '/' ? '' : parentPath}/${slug(name)}`;
  const above =
    Array.isArray(parent.breadcrumb) && parent.breadcrumb.length > 0
      ? (parent.breadcrumb as Crumb[])
      : [{ label: String(parent.name ?? ''), path: parentPath }];
  return { path, breadcrumb: [...above, { label: name, path }] };
}

/** A refused parent: the message names the problem, and the parent field is the one at fault. */
const parentError = (message: string) => badRequest(message, { fields: [{ field: '_parent', message }] });

const isUnder = (path: string, ancestor: string) =>
  ancestor === '/' || path === ancestor || path.startsWith(`${ancestor}/`);

interface SideWrite {
  model: string;
  doc: Doc;
  action: 'create' | 'update' | 'delete';
}

/** Side effects of a write, announced after commit (the write's own event is announced by the document service). */
const sideWrites = new WeakMap<Doc, SideWrite[]>();

/**
 * Pages and page drafts (issue: the page editor): `_path` and `breadcrumb` are derived from `_parent`
 * and `name` on every write, a path is unique per model (409), a page cannot move below itself, and a
 * changed path moves the whole subtree. For live pages the old paths keep working: a permanent
 * redirect from each old path to its new one is created (and redirects to the old path follow).
 */
export function pageHooks(modelName: PageModel): ModelHooks {
  return {
    async beforeWrite({ tx, doc, existing }) {
      const pages = new PageRepository(tx.queryable);
      const project = typeof doc.project === 'string' ? doc.project : undefined;
      let parentId = typeof doc._parent === 'string' ? doc._parent : undefined;
      let root: Doc | undefined;
      // A new page without a parent goes under the root page (Home) when there is one: a second root clashed at /.
      if (!parentId && !existing) {
        root = await pages.atPath(modelName, '/', project, undefined);
        if (root) doc._parent = parentId = root._id;
      }
      if (parentId && parentId === existing?._id) throw parentError('A page cannot be its own parent');
      const parent = parentId ? await tx.findById(modelName, parentId, undefined) : undefined;
      if (parentId && (!parent || parent._deletedAt))
        throw parentError('The chosen parent page no longer exists: choose another one');
      if (parent && existing && isUnder(String(parent._path), String(existing._path)))
        throw parentError(
          `A page cannot move below itself (${String(parent._path)} is under ${String(existing._path)})`,
        );
      const { path, breadcrumb } = placeUnder(parent, String(doc.name ?? ''));
      const clash = await pages.atPath(modelName, path, project, existing?._id);
      if (clash) {
        // The path comes from the name (under the parent): the name is the field to change.
        const which = modelName === 'page' ? 'The published page' : 'The page';
        const message = `${which} “${String(clash.name || clash._id)}” already has the path ${path}`;
        throw conflict(`${message}: choose another name or parent page`, { fields: [{ field: 'name', message }] });
      }
      doc._path = path;
      doc.breadcrumb = breadcrumb;
      // A new page made without a layout starts with the one the editor would choose. Drafts only: a live
      // page is its draft published, and must not differ from it.
      if (modelName === 'pageDraft' && !existing && doc.layout === undefined) {
        const home =
          parent?._path === '/' ? parent : (root ?? (await pages.atPath(modelName, '/', project, undefined)));
        const layout = defaultLayout(await pages.layoutIds(), { parent: parent?.layout, home: home?.layout });
        if (layout) doc.layout = layout;
      }
    },

    async beforeDelete({ tx, model, doc }) {
      const children = await new PageRepository(tx.queryable).childCount(modelName, doc._id);
      if (children > 0)
        throw conflict(`${model.label} ${String(doc.name)} has ${children} subpage(s): move or delete them first`);
    },

    async afterWriteInTx({ tx, doc, existing, deleted }) {
      if (deleted || !existing || existing._path === doc._path) return;
      const pages = new PageRepository(tx.queryable);
      const writes: SideWrite[] = [];
      const moved = new Map<string, Doc>([[doc._id, doc]]);
      const moves: [string, string][] = [[String(existing._path), String(doc._path)]];
      for (const child of await pages.below(modelName, String(existing._path))) {
        const parent = moved.get(String(child._parent));
        if (!parent) continue;
        const place = placeUnder(parent, String(child.name ?? ''));
        const updated = await tx.update(
          modelName,
          child._id,
          { ...strip(child), _path: place.path, breadcrumb: place.breadcrumb },
          child._version as number,
        );
        if (!updated) throw conflict(`A subpage of ${String(doc.name)} changed meanwhile; try again`);
        moved.set(updated._id, updated);
        moves.push([String(child._path), place.path]);
        writes.push({ model: modelName, doc: updated, action: 'update' });
      }
      if (modelName === 'page') writes.push(...(await keepOldPaths(tx, pages, moves)));
      sideWrites.set(doc, writes);
    },

    afterWrite({ bus, doc }) {
      for (const write of sideWrites.get(doc) ?? [])
        bus.publish({ type: 'document', model: write.model, id: write.doc._id, action: write.action, doc: write.doc });
    },
  };
}

/** Permanent redirects from the old live paths to the new ones; redirects that pointed to an old path follow it. */
async function keepOldPaths(tx: DocumentRepository, pages: PageRepository, moves: [string, string][]) {
  const writes: SideWrite[] = [];
  for (const [from, to] of moves) {
    for (const redirect of await pages.redirectsTouching(from)) {
      if (redirect.to !== from) continue;
      const updated = await tx.update(
        'redirect',
        redirect._id,
        { ...strip(redirect), to },
        redirect._version as number,
      );
      if (updated) writes.push({ model: 'redirect', doc: updated, action: 'update' });
    }
    // A page now lives at `to`: a redirect away from there would hide it.
    for (const redirect of await pages.redirectsTouching(to)) {
      if (redirect.from !== to) continue;
      const gone = await tx.softDelete('redirect', redirect._id);
      if (gone) writes.push({ model: 'redirect', doc: gone, action: 'delete' });
    }
    const existing = (await pages.redirectsTouching(from)).find((redirect) => redirect.from === from);
    const content = { name: `Moved: ${from}`, from, to, permanent: true };
    const written = existing
      ? await tx.update('redirect', existing._id, { ...strip(existing), ...content }, existing._version as number)
      : await tx.insert('redirect', createObjectId(), content);
    if (written) writes.push({ model: 'redirect', doc: written, action: existing ? 'update' : 'create' });
  }
  return writes;
}

/** A document without its system fields (what a row's `doc` column holds). */
export function strip(doc: Doc): Record<string, unknown> {
  const { _id, _createdAt, _updatedAt, _version, _deletedAt, ...content } = doc;
  void _id;
  void _createdAt;
  void _updatedAt;
  void _version;
  void _deletedAt;
  return content;
}
