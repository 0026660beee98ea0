import type { FileReference, FileReferencesAnswer, HiddenFileUses } from '../../../shared/api/files';
import { imageIdFromSrc } from '../../../shared/rules/imageId';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { valuesAt, type ModelInfo, type Registry } from '../../../shared/registry';
import { hasAccess, type Caller } from '../../access/caller';
import type { DocumentService } from '../documents/service';
import { forEachStoredElement, type ElementModel } from '../pages/elementDocuments';

const MODELS: readonly ElementModel[] = ['page', 'pageDraft', 'layout'];

/**
 * Whether an element's props name the file: a value that is its id (`image.file`, a video's `file`, any
 * `x-relation` to a file) or an address holding it as a path segment or query value (`src` of a rich text
 * image, `/api/files/imagePreset?id=…`). Ids are unique across models, so another model's id never matches.
 */
export function propsUseFile(value: unknown, fileId: string, depth = 0): boolean {
  if (depth > 40) return false;
  if (typeof value === 'string')
    return value === fileId || (value.includes(fileId) && imageIdFromSrc(value) === fileId);
  if (Array.isArray(value)) return value.some((item) => propsUseFile(item, fileId, depth + 1));
  if (value && typeof value === 'object')
    return Object.values(value).some((item) => propsUseFile(item, fileId, depth + 1));
  return false;
}

/**
 * The pages, drafts and layouts whose elements (nested ones too) use the file, then the documents of other models
 * naming it in a file field of their schema (`x-relation` to files, `x-fileUrl`: the site configuration's favicon),
 * each once. Pages, drafts and layouts are searched as the server (a file in use must be warned of, whoever deletes
 * it), but named only where the caller may read them: the others are counted per model (`hidden`), without name, id
 * or path. Other models are searched as the caller may read them (a staff member learns of their own avatar, not of
 * other users').
 */
export async function fileReferences(
  documents: Pick<DocumentService, 'find' | 'visibleTo'>,
  registry: Pick<Registry, 'models'>,
  caller: Caller,
  fileId: string,
): Promise<FileReferencesAnswer> {
  const found = new Map<string, FileReference>();
  const unseen = new Map<string, ElementModel>();
  await forEachStoredElement(documents, MODELS, (model, doc, element) => {
    const key = `${model}:${String(doc._id)}`;
    if (found.has(key) || unseen.has(key) || !propsUseFile(element.props, fileId)) return;
    if (!documents.visibleTo(caller, model, doc)) {
      unseen.set(key, model);
      return;
    }
    found.set(key, {
      model,
      id: String(doc._id),
      name: String(doc.name ?? ''),
      ...(model !== 'layout' && typeof doc._path === 'string' ? { path: doc._path } : {}),
    });
  });
  const others = Object.values(registry.models).filter(
    (model) => model.fileFields.length > 0 && !(MODELS as readonly string[]).includes(model.name),
  );
  const rest: FileReference[] = [];
  for (const model of others) {
    if (!mayRead(caller, model)) continue;
    for (let offset = 0; ; offset += OPTION_LIMIT) {
      const { results } = await documents.find(caller, model.name, { limit: OPTION_LIMIT, offset, sort: { _id: 1 } });
      for (const doc of results) {
        const fields = model.fileFields
          .filter((field) => valuesAt(doc, field.path).some((value) => propsUseFile(value, fileId)))
          .map((field) => field.label);
        if (fields.length === 0) continue;
        const name = doc[model.labelField];
        rest.push({
          model: model.name,
          id: doc._id,
          name: name == null ? '' : String(name),
          label: model.label,
          fields,
        });
      }
      if (results.length < OPTION_LIMIT) break;
    }
  }
  const order = (reference: FileReference) => MODELS.indexOf(reference.model as ElementModel);
  const byName = (a: FileReference, b: FileReference) => a.name.localeCompare(b.name, 'de');
  const byLabel = (a: FileReference, b: FileReference) => (a.label ?? '').localeCompare(b.label ?? '', 'de');
  return {
    references: [
      ...[...found.values()].sort((a, b) => order(a) - order(b) || byName(a, b)),
      ...rest.sort((a, b) => byLabel(a, b) || byName(a, b)),
    ],
    hidden: hiddenUses(unseen, found),
  };
}

/**
 * The uses the caller may not read, counted per model in the order pages, drafts, layouts. A draft shares its
 * page's id: one whose page is named or counted is the same page, and is not counted again.
 */
export function hiddenUses(
  unseen: ReadonlyMap<string, ElementModel>,
  named: ReadonlyMap<string, FileReference>,
): HiddenFileUses[] {
  const counts = new Map<ElementModel, number>();
  for (const [key, model] of unseen) {
    const pageKey = `page:${key.slice(key.indexOf(':') + 1)}`;
    if (model === 'pageDraft' && (named.has(pageKey) || unseen.has(pageKey))) continue;
    counts.set(model, (counts.get(model) ?? 0) + 1);
  }
  return MODELS.filter((model) => counts.has(model)).map((model) => ({ model, count: counts.get(model)! }));
}

/** Whether the caller may read documents of the model at all: its read permission, or their own as an owner. */
const mayRead = (caller: Caller, model: ModelInfo) =>
  hasAccess(caller, model.permission.read) || (caller.user !== undefined && model.owner !== undefined);
