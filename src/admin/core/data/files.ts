import type { FileItem, FileReferencesAnswer, FileSortKey, ItemType } from '../../../shared/api/files';
import type { JobAction, QueueJob } from '../../../shared/api/queues';
import type { ImagePresetName } from '../../../shared/media/presets';

export type { FileItem, FileReference, FileReferencesAnswer, HiddenFileUses, ItemType } from '../../../shared/api/files';
export type { QueueJob } from '../../../shared/api/queues';

/** One page of `GET /api/files/folder`: the folder (null at the root) and a page of its children. */
export interface FolderPage {
  folder: FileItem | null;
  children: FileItem[];
  /** All children of the folder, loaded or not. */
  total: number;
}

export interface FolderArgs {
  /** Folder id; absent for the root. */
  id?: string;
  sortKey?: FileSortKey;
  sortDir?: 1 | -1;
}

/** Fields of `POST /api/database/{model}/{id}`: rename, move, permissions. */
export interface ItemPatch {
  name?: string;
  _parent?: string | null;
  _read?: string[];
  _write?: string[];
}

export interface UploadRequest {
  file: Blob;
  name: string;
  folder?: string;
  onProgress?(loaded: number, total: number): void;
}

/**
 * A failed upload: 'Failed with status {code}' or 'Network error' (spec section 8), followed by the
 * server's reason when it gave one ('Failed with status 415: Files of type … are not accepted').
 */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    reason?: string,
  ) {
    super(status ? `Failed with status ${status}${reason ? `: ${reason}` : ''}` : 'Network error');
  }
}

/** The bytes, the server's thumbnail, or a rendering in an image preset. */
export type FileBlobKind = 'thumbnail' | 'download' | `preset:${ImagePresetName}`;

/** The file store and job queues part of the admin's data interface. */
export interface FileProvider {
  folder(args: FolderArgs & { page: number; limit: number }): Promise<FolderPage>;
  upload(request: UploadRequest): Promise<FileItem>;
  updateItem(model: ItemType, id: string, patch: ItemPatch): Promise<FileItem>;
  /** The bytes of a file or its thumbnail, fetched with the caller's credentials. */
  fileBlob(id: string, kind: FileBlobKind): Promise<Blob>;
  /** Where the file is used, and how often where the user may not look (`GET /api/files/references`). */
  fileReferences(id: string): Promise<FileReferencesAnswer>;
  /** The names of the job queues. */
  queues(): Promise<string[]>;
  queueJobs(queue: string): Promise<QueueJob[]>;
  /** Retries or cancels a job (`POST /api/queues/{queue}/jobs/{id}/{action}`); answers the job as it is now. */
  queueJobAction(queue: string, id: string, action: JobAction): Promise<QueueJob>;
}

/** Spec section 3: the file type used for display. */
export type FileKind = 'pdf' | 'txt' | 'image' | 'video' | 'other';

export function fileKind(item: Pick<FileItem, 'mimeType' | 'name'>): FileKind {
  const mime = (item.mimeType ?? '').toLowerCase();
  const extension = item.name.toLowerCase().split('.').pop() ?? '';
  if (mime === 'application/pdf' || (!mime && extension === 'pdf')) return 'pdf';
  if (mime === 'text/plain' || (!mime && extension === 'txt')) return 'txt';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  return 'other';
}
