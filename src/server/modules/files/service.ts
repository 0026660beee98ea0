import type { Readable } from 'node:stream';
import type { FileSortKey, FolderListing, StorageInfo } from '../../../shared/api/files';
import type { ImagePresetName } from '../../../shared/media/presets';
import type { Caller } from '../../access/caller';
import type { Doc } from '../documents/service';

export interface UploadInput {
  name: unknown;
  folder?: string;
  contentType: string;
  /** The declared length, when the client sent one: over the limit is refused before reading. */
  contentLength?: number;
  body: AsyncIterable<Buffer | Uint8Array>;
}

/** `GET /api/files/folder` after validation and defaults. */
export interface FolderQuery {
  id?: string;
  children: boolean;
  childPage: number;
  childLimit: number;
  sortKey: FileSortKey;
  sortDir: 1 | -1;
}

/** Bytes to send: a stream of a blob with its length and the headers that describe it. */
export interface Delivery {
  stream: Readable;
  length: number;
  type: string;
  etag: string;
  /** Cacheable by shared caches (the file is public). */
  isPublic: boolean;
  /** For ranges: the whole size and the served range. */
  range?: { start: number; end: number; size: number };
}

/** The file operations of spec section 7 "Files"; every read goes through the document permissions. */
export interface FilesService {
  /** Cleans leftovers of interrupted uploads and registers the preset worker; call before the queues start. */
  start(): Promise<void>;
  /**
   * Waits up to `timeoutMs` for the uploads still running (at shutdown, after their connections were
   * closed), so each ends complete or removes what it staged before the database closes.
   */
  stop(timeoutMs: number): Promise<void>;
  upload(caller: Caller, input: UploadInput): Promise<Doc>;
  folder(caller: Caller, query: FolderQuery): Promise<FolderListing>;
  download(caller: Caller, id: string, range?: string): Promise<Delivery & { doc: Doc }>;
  preview(caller: Caller, id: string, kind: 'thumbnail' | 'video'): Promise<Delivery>;
  preset(caller: Caller, id: string, preset: ImagePresetName, width?: number): Promise<Delivery>;
  image(
    caller: Caller,
    image: string,
    preset: ImagePresetName,
  ): Promise<{ src: string; srcSet: string; alt: string; width: number; height?: number }>;
  storageInfo(caller: Caller): Promise<StorageInfo>;
  /** Renders one preset into the blob store (the job's work). */
  generatePreset(fileId: string, preset: ImagePresetName): Promise<void>;
}

/** Declared with the queues' wire shapes, which name the file each job's `fileId` holds. */
export { PRESET_QUEUE } from '../../../shared/api/queues';
