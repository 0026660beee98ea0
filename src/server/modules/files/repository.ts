import type { ModelInfo, Registry } from '../../../shared/registry';
import { LIVE_ROWS, type DocumentRepository } from '../documents/repository';

/**
 * What the files module asks of the file and folder tables, in terms of the document repository
 * (which writes the SQL). `_parent` is a nullable relation id, so both tables have its derived text
 * column and index, which serve the child lookups below.
 */
export class FilesRepository {
  private readonly folder: ModelInfo;
  private readonly file: ModelInfo;

  constructor(
    private readonly repo: DocumentRepository,
    registry: Registry,
  ) {
    const folder = registry.model('folder');
    const file = registry.model('file');
    if (!folder || !file) throw new Error('The files module needs the file and folder models');
    this.folder = folder;
    this.file = file;
  }

  /** Sets a folder's `childCount` from the live children (self-healing; no version bump, the field is read-only). */
  recountChildren(folderId: string): Promise<void> {
    const children = { _parent: folderId };
    return this.repo.recount({ model: 'folder', id: folderId, field: 'childCount' }, [
      { model: this.folder, match: children },
      { model: this.file, match: children },
    ]);
  }

  async hasChildren(folderId: string): Promise<boolean> {
    const children = { _parent: folderId };
    return (
      (await this.repo.exists(this.folder, children, LIVE_ROWS)) ||
      (await this.repo.exists(this.file, children, LIVE_ROWS))
    );
  }

  /** Moves the path fields of everything below a renamed or moved folder: one statement per table. */
  async rebaseDescendants(folderId: string, tree: string[], segments: string[]): Promise<void> {
    for (const model of ['folder', 'file']) await this.repo.rebaseTree(model, folderId, tree, segments);
  }
}
