import type { File, Folder } from '../generated/types';

/** Kind of an item of the file tree (spec section 3, "Files and folders"). */
export type ItemType = 'file' | 'folder';

/** A file or folder document as the API answers it (folder pages, uploads, saves, realtime events). */
export interface FileItem extends Omit<File, '_id' | '_type'>, Pick<Folder, 'childCount'> {
  _id: string;
  _type: ItemType;
  /** A document: what the schema adds later is still part of it. */
  [field: string]: unknown;
}

/** The orders a folder's children can be listed in. */
export const FILE_SORT_KEYS = ['name', '_createdAt', '_updatedAt', 'size', 'mimeType'] as const;
export type FileSortKey = (typeof FILE_SORT_KEYS)[number];

/** The query of `GET /api/files/folder` (as a URL's query string: every value is sent as text). */
export interface FolderRequest {
  /** The folder; absent for the root. */
  id?: string;
  children?: boolean;
  childPage?: number;
  childLimit?: number;
  sortKey?: FileSortKey;
  sortDir?: '1' | '-1';
}

/** The root of the file tree: not a document, so it has no id. */
export interface RootFolder {
  _id: null;
  _type: 'folder';
  name: string;
  _path: string;
  _pathSegments: string[];
  _tree: string[];
  _parent: null;
}

/**
 * `GET /api/files/folder`: the folder's own fields (the root has `_id` null) and, with `children`,
 * one page of its children, folders first.
 */
export type FolderListing = (FileItem | RootFolder) & {
  children?: FileItem[];
  /** All children of the folder, loaded or not. */
  total?: number;
  childPage?: number;
  childLimit?: number;
};

/** `GET /api/cms/storageInfo` */
export interface StorageInfo {
  used: number;
  free: number | null;
  files: number;
  folders: number;
}

/**
 * A document that uses a file: a page, draft or layout whose elements name it (an image's or a video's file id, or
 * its address in a `src`), or a document of another model naming it in a field the schema marks as naming a file
 * (an `x-relation` to files, an `x-fileUrl` address: a site configuration's favicon).
 */
export interface FileReference {
  /** `page`, `pageDraft`, `layout`, or the other model's name (`siteConfig`). */
  model: string;
  id: string;
  name: string;
  /** The page's path (pages and drafts). */
  path?: string;
  /** Another model's title (`Site Configuration`). */
  label?: string;
  /** Another model's fields that name the file, by title (`Favicon URL`, `Avatar › Image file`). */
  fields?: string[];
}

/**
 * Uses of a file in pages, drafts or layouts the caller may not read (a page whose `_read` excludes them, drafts
 * and layouts without manage:cms), counted per model: the delete dialog warns of them without naming them. A
 * draft whose page is counted or named already is not counted again.
 */
export interface HiddenFileUses {
  /** `page`, `pageDraft` or `layout`. */
  model: string;
  count: number;
}

/**
 * `GET /api/files/references?id=…`: where a file is used: pages, then drafts, then layouts, then other models, each by
 * name, as far as the caller may read them; `hidden` counts the uses in pages, drafts and layouts they may not read.
 */
export interface FileReferencesAnswer {
  references: FileReference[];
  hidden: HiddenFileUses[];
}
