import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createObjectId, isObjectId } from '../../../shared/format/objectId';
import { IMAGE_PRESET_NAMES, IMAGE_PRESETS, imageSources, type ImagePresetName } from '../../../shared/media/presets';
import { imageIdFromSrc } from '../../../shared/rules/imageId';
import { hasAccess, passesAcl, SYSTEM, type Caller } from '../../access/caller';
import { BlobTooLargeError, type BlobStore } from '../../blob/store';
import type { Database } from '../../db/database';
import { badRequest, HttpError, notFound } from '../../errors';
import { deny } from '../documents/access';
import type { Doc, DocumentService } from '../documents/service';
import type { QueueService } from '../queues/service';
import { presetKey, presetWidths, probeImage, renderPreset } from './images';
import type { Limiter } from './limiter';
import { checkItemName } from './names';
import { DocumentRepository, EVERY_ROW, LIVE_ROWS } from '../documents/repository';
import { narrowStoredLists } from './repository';
import type { ModelDoc } from '../../../shared/api/documents';
import type { FileItem, FolderListing, ItemType } from '../../../shared/api/files';
import { PRESET_QUEUE, type Delivery, type FilesService, type UploadInput } from './service';
import { checkType, RASTER_IMAGES } from './sniff';
import { hasFfmpeg, posterFrame } from './video';

export interface FilesDeps {
  db: Database;
  documents: DocumentService;
  queues: QueueService;
  blobs: BlobStore;
  limiter: Limiter;
  uploadLimit: number;
  log: FastifyBaseLogger;
}

const fileKey = (id: string) => `file/${id}`;
const tooLargeUpload = (limit: number) =>
  new HttpError(413, `The file is larger than the upload limit of ${limit} bytes`);
type FileDoc = ModelDoc<'file'>;

const isPublicDoc = (doc: FileDoc) =>
  passesAcl({ roles: ['guest'], permissions: new Set(), almighty: false }, doc._read);

/** A file or folder document as the API answers it: its type comes from its model. */
const fileItem = <M extends ItemType>(type: M, doc: ModelDoc<M>): FileItem => ({ ...doc, _type: type });

export function createFilesService(deps: FilesDeps): FilesService {
  const { documents, blobs, queues, limiter, log } = deps;
  const repo = new DocumentRepository(deps.db);
  // Concurrent requests for the same missing rendering share one sharp run.
  const inFlight = new Map<string, Promise<Buffer>>();

  async function readableFile(caller: Caller, id: string): Promise<FileDoc> {
    if (!isObjectId(id)) throw badRequest('id must be 24 lowercase hex characters');
    return documents.findById(caller, 'file', id);
  }

  async function deliver(key: string, type: string, etag: string, isPublic: boolean): Promise<Delivery | undefined> {
    const info = await blobs.stat(key);
    if (!info || info.size === 0) return undefined;
    const stream = await blobs.read(key);
    return stream && { stream, length: info.size, type, etag, isPublic };
  }

  /** Renders (once, shared by concurrent callers) and stores a preset; the thumbnail becomes the file's preview. */
  function render(doc: FileDoc, preset: ImagePresetName, width?: number): Promise<Buffer> {
    const key = presetKey(doc._id, preset, width);
    let running = inFlight.get(key);
    if (!running) {
      running = (async () => {
        const local = blobs.localPath?.(fileKey(doc._id));
        const source = local ? (await blobs.stat(fileKey(doc._id))) && local : await blobs.read(fileKey(doc._id));
        if (!source) throw notFound('The file has no stored bytes');
        const bytes = await renderPreset(source, preset, width);
        await blobs.put(key, bytes, { durable: false });
        if (preset === 'thumbnail' && !width && doc.previews?.thumbnail !== key) {
          await documents.save(SYSTEM, 'file', { _id: doc._id, previews: { ...doc.previews, thumbnail: key } });
        }
        return bytes;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  }

  async function presetDelivery(doc: FileDoc, preset: ImagePresetName, width?: number): Promise<Delivery> {
    if (!RASTER_IMAGES.has(doc.mimeType ?? ''))
      throw new HttpError(415, `${String(doc.mimeType)} files have no image presets`);
    const spec = IMAGE_PRESETS[preset];
    const type = spec.format === 'png' ? 'image/png' : 'image/webp';
    const etag = `"${doc._id}-${preset}-${width ?? spec.width}"`;
    const key = presetKey(doc._id, preset, width);
    const stored = await deliver(key, type, etag, isPublicDoc(doc));
    if (stored) return stored;
    const bytes = await limiter.run(() => render(doc, preset, width));
    return { stream: Readable.from([bytes]), length: bytes.length, type, etag, isPublic: isPublicDoc(doc) };
  }

  async function generatePreset(fileId: string, preset: ImagePresetName): Promise<void> {
    if (!isObjectId(fileId) || !IMAGE_PRESET_NAMES.includes(preset))
      throw new Error(`Invalid preset job ${fileId} ${preset}`);
    const doc = await documents.findById(SYSTEM, 'file', fileId).catch(() => undefined);
    if (!doc) return; // deleted since: nothing to do
    const existing = await blobs.stat(presetKey(fileId, preset));
    if (existing && existing.size > 0 && (preset !== 'thumbnail' || doc.previews?.thumbnail)) return;
    await render(doc, preset);
  }

  /** Uploads running now: a shutdown waits for them before the database closes. */
  const uploads = new Set<Promise<unknown>>();
  function track<T>(running: Promise<T>): Promise<T> {
    uploads.add(running);
    const forget = () => uploads.delete(running);
    running.then(forget, forget);
    return running;
  }

  async function storeUpload(caller: Caller, input: UploadInput): Promise<Doc> {
    if (!hasAccess(caller, 'manage:files')) deny(caller, 'upload files');
    const name = checkItemName(input.name);
    let folder: ModelDoc<'folder'> | undefined;
    if (input.folder) {
      if (!isObjectId(input.folder)) throw badRequest('folder must be 24 lowercase hex characters');
      folder = await documents.findById(caller, 'folder', input.folder);
      if (!passesAcl(caller, folder._write)) deny(caller, 'upload into this folder');
    }
    if (input.contentLength !== undefined && input.contentLength > deps.uploadLimit)
      throw tooLargeUpload(deps.uploadLimit);
    let pending;
    try {
      pending = await blobs.stage(input.body, { limit: deps.uploadLimit });
    } catch (error) {
      if (error instanceof BlobTooLargeError) throw tooLargeUpload(error.limit);
      throw error;
    }
    const id = createObjectId();
    try {
      const verdict = checkType(input.contentType, pending.head);
      if (!verdict.ok) throw new HttpError(415, verdict.reason);
      if (RASTER_IMAGES.has(verdict.mimeType)) await probeImage(pending.localPath ?? pending.head);
      await pending.commit(fileKey(id));
      const saved = await documents
        .save(
          SYSTEM,
          'file',
          { name, _parent: folder?._id ?? null, mimeType: verdict.mimeType, size: pending.size },
          { createWithId: id },
        )
        .catch(async (error: unknown) => {
          await blobs.delete(fileKey(id));
          throw error;
        })
        .finally(() => pending.settle());
      if (RASTER_IMAGES.has(verdict.mimeType)) {
        for (const presetName of IMAGE_PRESET_NAMES) await queues.send(PRESET_QUEUE, { fileId: id, presetName });
      }
      const visible = documents.visibleTo(caller, 'file', saved);
      return visible ? { ...visible, _id: saved._id } : { _id: saved._id };
    } finally {
      await pending.discard();
    }
  }

  return {
    generatePreset,

    async stop(timeoutMs) {
      if (uploads.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const settled = Promise.allSettled([...uploads]).then(() => true);
      const limit = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      if (!(await Promise.race([settled, limit])))
        log.warn({ uploads: uploads.size }, 'uploads still running when the server stopped');
      clearTimeout(timer);
    },

    async start() {
      const narrowed = await repo.transaction((tx) => narrowStoredLists(tx));
      if (narrowed) log.warn({ items: narrowed }, 'files and folders more open than their folder were narrowed to it');
      const leftovers = await blobs.cleanLeftovers(async (key) => {
        const id = key.split('/').pop() ?? '';
        // Deleted files count: their bytes are kept for a restore.
        return isObjectId(id) && (await repo.existingIds('file', [id], EVERY_ROW)).has(id);
      });
      if (leftovers) log.info({ leftovers }, 'removed leftovers of interrupted uploads');
      queues.define<{ fileId: string; presetName: ImagePresetName }>(PRESET_QUEUE, {
        retryLimit: 3,
        concurrency: 2,
        handler: async (data, progress) => {
          progress(10);
          await generatePreset(data.fileId, data.presetName);
        },
      });
    },

    upload(caller, input) {
      return track(storeUpload(caller, input));
    },

    async folder(caller, query) {
      if (!hasAccess(caller, 'manage:files')) deny(caller, 'browse files');
      const parent = query.id ?? null;
      let listing: FolderListing;
      if (parent) {
        if (!isObjectId(parent)) throw badRequest('id must be 24 lowercase hex characters');
        listing = fileItem('folder', await documents.findById(caller, 'folder', parent));
      } else {
        listing = { _id: null, name: '', _type: 'folder', _path: '/', _pathSegments: [], _tree: [], _parent: null };
      }
      if (!query.children) return listing;
      const offset = query.childPage * query.childLimit;
      const folderSort =
        query.sortKey === 'size' || query.sortKey === 'mimeType'
          ? { name: query.sortDir }
          : { [query.sortKey]: query.sortDir };
      const folders = await documents.find(caller, 'folder', {
        query: { _parent: parent },
        sort: folderSort,
        limit: query.childLimit,
        page: 0,
        offset,
      });
      const folderTotal = folders.total ?? 0;
      const room = query.childLimit - folders.results.length;
      const files = await documents.find(caller, 'file', {
        query: { _parent: parent },
        sort: { [query.sortKey]: query.sortDir },
        limit: Math.max(1, room),
        page: 0,
        offset: Math.max(0, offset - folderTotal),
      });
      const children = [
        ...folders.results.map((doc) => fileItem('folder', doc)),
        ...(room > 0 ? files.results.map((doc) => fileItem('file', doc)) : []),
      ];
      return {
        ...listing,
        children,
        total: folderTotal + (files.total ?? 0),
        childPage: query.childPage,
        childLimit: query.childLimit,
      };
    },

    async download(caller, id, rangeHeader) {
      const doc = await readableFile(caller, id);
      const info = await blobs.stat(fileKey(id));
      if (!info) throw notFound('The bytes of this file are missing');
      const type = typeof doc.mimeType === 'string' ? doc.mimeType : 'application/octet-stream';
      const etag = `"${id}"`;
      const range = parseRange(rangeHeader, info.size);
      const stream = await blobs.read(fileKey(id), range);
      if (!stream) throw notFound('The bytes of this file are missing');
      const length = range ? range.end - range.start + 1 : info.size;
      return {
        doc,
        stream,
        length,
        type,
        etag,
        isPublic: isPublicDoc(doc),
        ...(range ? { range: { ...range, size: info.size } } : {}),
      };
    },

    async preview(caller, id, kind) {
      const doc = await readableFile(caller, id);
      if (kind === 'thumbnail') {
        if (!RASTER_IMAGES.has(doc.mimeType ?? '')) throw notFound(`No thumbnail for ${String(doc.mimeType)} files`);
        return presetDelivery(doc, 'thumbnail');
      }
      if (!String(doc.mimeType).startsWith('video/')) throw notFound('Video previews exist for videos only');
      if (!hasFfmpeg()) throw notFound('Video previews need ffmpeg, which is not installed on this server');
      const key = `preview/${id}/video.webp`;
      const etag = `"${id}-video"`;
      const stored = await deliver(key, 'image/webp', etag, isPublicDoc(doc));
      if (stored) return stored;
      const bytes = await limiter.run(async () => {
        const source = await blobs.read(fileKey(id));
        if (!source) throw notFound('The bytes of this file are missing');
        const frame = await posterFrame(source).catch((error: Error) => {
          throw new HttpError(422, error.message);
        });
        const poster = await renderPreset(frame, 'thumbnail');
        await blobs.put(key, poster, { durable: false });
        return poster;
      });
      return {
        stream: Readable.from([bytes]),
        length: bytes.length,
        type: 'image/webp',
        etag,
        isPublic: isPublicDoc(doc),
      };
    },

    async preset(caller, id, preset, width) {
      if (!IMAGE_PRESET_NAMES.includes(preset)) throw badRequest(`Unknown preset ${String(preset)}`);
      const spec = IMAGE_PRESETS[preset];
      if (width !== undefined && !presetWidths(spec).includes(width)) {
        throw badRequest(`w must be one of ${presetWidths(spec).join(', ')} for ${preset}`);
      }
      const doc = await readableFile(caller, id);
      return presetDelivery(doc, preset, width === spec.width ? undefined : width);
    },

    async image(caller, image, preset) {
      if (!IMAGE_PRESET_NAMES.includes(preset)) throw badRequest(`Unknown preset ${String(preset)}`);
      const id = isObjectId(image) ? image : imageIdFromSrc(image);
      if (!id) throw badRequest('image must be a file id or a URL containing one');
      const doc = await readableFile(caller, id);
      const alt = String(doc.name ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
      return { ...imageSources(id, preset), alt };
    },

    async storageInfo(caller) {
      if (!hasAccess(caller, 'manage:files')) deny(caller, 'see the storage');
      const [used, files, folders, free] = await Promise.all([
        repo.sum('file', 'size', LIVE_ROWS),
        repo.count('file', LIVE_ROWS),
        repo.count('folder', LIVE_ROWS),
        blobs.freeBytes(),
      ]);
      return { used, free: free ?? null, files, folders };
    },
  };
}

/** A single `bytes=a-b` range within `size`, or undefined (whole file). Unsatisfiable ranges are a 416. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) throw new HttpError(416, `Range not satisfiable (size ${size})`, { size });
  return { start, end };
}
