import type { FileReference } from '../../../shared/api/files';
import { imageIdFromSrc } from '../../../shared/rules/imageId';
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

/** The pages, drafts and layouts whose elements (nested ones too) use the file, each once. */
export async function fileReferences(
  documents: Pick<DocumentService, 'find'>,
  fileId: string,
): Promise<FileReference[]> {
  const found = new Map<string, FileReference>();
  await forEachStoredElement(documents, MODELS, (model, doc, element) => {
    const key = `${model}:${String(doc._id)}`;
    if (found.has(key) || !propsUseFile(element.props, fileId)) return;
    found.set(key, {
      model,
      id: String(doc._id),
      name: String(doc.name ?? ''),
      ...(model !== 'layout' && typeof doc._path === 'string' ? { path: doc._path } : {}),
    });
  });
  const order = (reference: FileReference) => MODELS.indexOf(reference.model);
  return [...found.values()].sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name, 'de'));
}
