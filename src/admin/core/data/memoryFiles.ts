import { JOB_ACTION_STATES } from '../../../shared/api/queues';
import { createObjectId } from '../../../shared/format/objectId';
import {
  UploadError,
  type FileItem,
  type FileProvider,
  type FileReferencesAnswer,
  type ItemType,
  type QueueJob,
} from './files';
import { ApiError, type Doc } from './types';

export interface MemoryFileOptions {
  /** Jobs per queue name. */
  queues?: Record<string, QueueJob[]>;
  /** Bytes of files by id (anything else gets a drawn placeholder). */
  blobs?: Map<string, Blob>;
  /** Answer uploads of files with this name with this status (stories of failures). */
  failUploads?: Record<string, number>;
  /** Where files are used, by file id (stories of the delete dialog). */
  references?: Record<string, FileReferencesAnswer>;
  delayMs?: number;
}

/** As the server sorts names (SORT_COLLATION): umlauts and case among their letters, numbers as numbers. */
const compare = (a: unknown, b: unknown) => String(a ?? '').localeCompare(String(b ?? ''), 'de', { numeric: true });

function placeholder(name: string): Blob {
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="306" height="204" viewBox="0 0 306 204"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 70%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 45%)"/></linearGradient></defs><rect width="306" height="204" fill="url(#g)"/><circle cx="230" cy="60" r="26" fill="rgba(255,255,255,.55)"/><path d="M0 204 L90 110 L150 160 L210 100 L306 204 Z" fill="rgba(0,0,0,.25)"/></svg>`;
  return new Blob([svg], { type: 'image/svg+xml' });
}

/**
 * The file store and queues in memory, for stories and component tests: folders and files are the
 * `folder` and `file` documents of the in-memory data, children sorted and paged like the server (folders first).
 */
export function memoryFileProvider(data: Record<string, Doc[]>, options: MemoryFileOptions = {}): FileProvider {
  const blobs = options.blobs ?? new Map<string, Blob>();
  const wait = (ms = options.delayMs ?? 0) => new Promise((resolve) => setTimeout(resolve, ms));
  const items = () => [...(data.folder ?? []), ...(data.file ?? [])] as FileItem[];
  const byId = (id: string | null | undefined) => (id ? items().find((item) => item._id === id) : undefined);

  function withPath(item: FileItem): FileItem {
    const parent = byId(item._parent);
    const tree = parent ? [...(parent._tree ?? []), parent._id] : [];
    const segments = parent ? [...(parent._pathSegments ?? []), item.name] : [item.name];
    return { ...item, _tree: tree, _pathSegments: segments, _path: `/${segments.join('/')}` };
  }

  return {
    async folder({ id, page, limit, sortKey = 'name', sortDir = 1 }) {
      await wait();
      const folder = id ? byId(id) : null;
      if (id && (!folder || folder._type !== 'folder')) throw new ApiError(404, `Folder ${id} not found`);
      const children = items()
        .filter((item) => (item._parent ?? null) === (id ?? null))
        .sort((a, b) =>
          a._type === b._type ? sortDir * compare(a[sortKey], b[sortKey]) : a._type === 'folder' ? -1 : 1,
        )
        .map((item) =>
          item._type === 'folder'
            ? { ...item, childCount: items().filter((child) => child._parent === item._id).length }
            : item,
        );
      return {
        folder: folder ?? null,
        children: children.slice(page * limit, page * limit + limit),
        total: children.length,
      };
    },
    async upload({ file, name, folder, onProgress }) {
      const steps = 8;
      for (let step = 1; step <= steps; step += 1) {
        await wait(Math.max(40, options.delayMs ?? 0) / 2);
        onProgress?.((file.size * step) / steps, file.size);
      }
      const status = options.failUploads?.[name];
      if (status !== undefined) throw new UploadError(status);
      const now = new Date().toISOString();
      const doc = withPath({
        _id: createObjectId(),
        _type: 'file',
        name,
        _parent: folder ?? null,
        mimeType: file.type || 'application/octet-stream',
        size: file.size,
        _createdAt: now,
        _updatedAt: now,
      });
      if (file.type.startsWith('image/')) doc.previews = { thumbnail: `previews/${doc._id}/thumbnail.webp` };
      blobs.set(doc._id, file);
      (data.file ??= []).push(doc);
      return structuredClone(doc);
    },
    async updateItem(model: ItemType, id, patch) {
      await wait();
      const rows = (data[model] ??= []);
      const index = rows.findIndex((row) => row._id === id);
      if (index < 0) throw new ApiError(404, `${model} ${id} not found`);
      const next = withPath({ ...(rows[index] as FileItem), ...patch, _updatedAt: new Date().toISOString() });
      rows.splice(index, 1, next);
      return structuredClone(next);
    },
    async fileBlob(id, kind) {
      await wait();
      const item = byId(id);
      if (!item) throw new ApiError(404, `File ${id} not found`);
      const stored = blobs.get(id);
      if (stored && (kind === 'download' || stored.type.startsWith('image/'))) return stored;
      return placeholder(item.name);
    },
    async fileReferences(id) {
      await wait();
      return structuredClone(options.references?.[id] ?? { references: [], hidden: [] });
    },
    async queues() {
      await wait();
      return Object.keys(options.queues ?? {});
    },
    async queueJobs(queue) {
      await wait();
      return structuredClone(options.queues?.[queue] ?? []);
    },
    async queueJobAction(queue, id, action) {
      await wait();
      const job = options.queues?.[queue]?.find((candidate) => candidate.id === id);
      if (!job) throw new ApiError(404, `No job ${id} in ${queue}`);
      if (!JOB_ACTION_STATES[action].includes(job.state))
        throw new ApiError(409, `Job ${id.slice(0, 8)} is ${job.state}`);
      job.state = action === 'cancel' ? 'cancelled' : job.state === 'cancelled' ? 'created' : 'retry';
      return structuredClone(job);
    },
  };
}
