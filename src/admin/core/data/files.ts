import type { ImagePresetName } from '../../../shared/media/presets';
import type { Doc } from './types';

/** Kind of an item of the file tree (spec section 3, "Files and folders"). */
export type ItemType = 'file' | 'folder';

/** A file or folder as the API answers it. */
export interface FileItem extends Doc {
  _type: ItemType;
  name: string;
  _parent?: string | null;
  _read?: string[];
  _write?: string[];
  mimeType?: string;
  size?: number;
  previews?: { thumbnail?: string; video?: string };
  _path?: string;
  _pathSegments?: string[];
  _tree?: string[];
  childCount?: number;
  _createdAt?: string;
  _updatedAt?: string;
}

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
  sortKey?: string;
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

/** A failed upload: 'Failed with status {code}' or 'Network error' (spec section 8). */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(status ? `Failed with status ${status}` : 'Network error');
  }
}

/** The bytes, the server's thumbnail, or a rendering in an image preset. */
export type FileBlobKind = 'thumbnail' | 'download' | `preset:${ImagePresetName}`;

export interface QueueInfo {
  name: string;
  /** Jobs per state, when the server counts them. */
  counts?: Record<string, number>;
}

/** A job of a queue as the table shows it (spec section 2, "Queues"). */
export interface QueueJob {
  id: string;
  createdAt?: string;
  data?: unknown;
  /** 0-100. */
  progress?: number;
  state: string;
  error?: string;
}

/** The file store and job queues part of the admin's data interface. */
export interface FileProvider {
  folder(args: FolderArgs & { page: number; limit: number }): Promise<FolderPage>;
  upload(request: UploadRequest): Promise<FileItem>;
  updateItem(model: ItemType, id: string, patch: ItemPatch): Promise<FileItem>;
  /** The bytes of a file or its thumbnail, fetched with the caller's credentials. */
  fileBlob(id: string, kind: FileBlobKind): Promise<Blob>;
  queues(): Promise<QueueInfo[]>;
  queueJobs(queue: string): Promise<QueueJob[]>;
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
