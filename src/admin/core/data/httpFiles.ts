import { imagePresetUrl, type ImagePresetName } from '../../../shared/media/presets';
import { UploadError, type FileItem, type FileProvider, type FolderPage, type QueueInfo, type QueueJob } from './files';
import { ApiError } from './types';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const query = (params: Record<string, string | number | boolean | undefined | null>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) =>
      value === undefined || value === null ? [] : [[key, String(value)]],
    ),
  ).toString();

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `GET files/folder` answers the folder with a `children` page (and its total); the root has no `_id`. */
export function folderPageOf(raw: unknown): FolderPage {
  const body = isObject(raw) ? raw : {};
  const nested = isObject(body.folder) ? (body.folder as FileItem) : undefined;
  const children = (Array.isArray(body.children) ? body.children : []) as FileItem[];
  const { children: _children, total, childTotal, ...rest } = body;
  void _children;
  const folder = nested ?? (typeof rest._id === 'string' ? (rest as FileItem) : null);
  const count = [total, childTotal, folder?.childCount].find((value): value is number => typeof value === 'number');
  return { folder, children, total: count ?? children.length };
}

export function queuesOf(raw: unknown): QueueInfo[] {
  const list = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.queues) ? raw.queues : [];
  return list.flatMap((entry: unknown): QueueInfo[] => {
    if (typeof entry === 'string') return [{ name: entry }];
    if (isObject(entry) && typeof entry.name === 'string')
      return [
        { name: entry.name, ...(isObject(entry.counts) ? { counts: entry.counts as Record<string, number> } : {}) },
      ];
    return [];
  });
}

function errorText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.message === 'string') return value.message;
  if (isObject(value) && typeof value.error === 'string') return value.error;
  return JSON.stringify(value);
}

/** pg-boss jobs (id, data, state, createdOn, output) as the queue table shows them. */
export function jobsOf(raw: unknown): QueueJob[] {
  const list = Array.isArray(raw)
    ? raw
    : isObject(raw) && Array.isArray(raw.jobs)
      ? raw.jobs
      : isObject(raw) && Array.isArray(raw.results)
        ? raw.results
        : [];
  return list.filter(isObject).map((job) => {
    const output = job.output;
    const progress = [job.progress, isObject(output) ? output.progress : undefined].find(
      (value): value is number => typeof value === 'number',
    );
    const created = [job.createdAt, job.createdOn, job.created_on].find((value) => typeof value === 'string');
    const error = errorText(job.error) ?? (job.state === 'failed' ? errorText(output) : undefined);
    return {
      id: String(job.id),
      state: String(job.state ?? ''),
      ...(typeof created === 'string' ? { createdAt: created } : {}),
      ...(job.data !== undefined ? { data: job.data } : {}),
      ...(progress !== undefined ? { progress } : {}),
      ...(error ? { error } : {}),
    };
  });
}

/** The file and queue calls of spec section 7 over HTTP. Uploads use XMLHttpRequest, which reports upload progress. */
export function httpFileProvider(call: Call, token: () => string | undefined, base = ''): FileProvider {
  const headers = (): Record<string, string> => {
    const bearer = token();
    return bearer ? { authorization: `Bearer ${bearer}` } : {};
  };
  return {
    async folder({ id, page, limit, sortKey = 'name', sortDir = 1 }) {
      const raw = await call<unknown>(
        'GET',
        `/api/files/folder?${query({ id, children: true, childPage: page, childLimit: limit, sortKey, sortDir })}`,
      );
      return folderPageOf(raw);
    },
    upload({ file, name, folder, onProgress }) {
      return new Promise<FileItem>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${base}/api/files/upload?${query({ name, folder })}`);
        for (const [key, value] of Object.entries(headers())) xhr.setRequestHeader(key, value);
        xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
        xhr.upload.addEventListener('progress', (event) =>
          onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size),
        );
        xhr.addEventListener('load', () => {
          if (xhr.status < 200 || xhr.status >= 300) return reject(new UploadError(xhr.status));
          try {
            resolve(JSON.parse(xhr.responseText) as FileItem);
          } catch {
            resolve({ _id: '', _type: 'file', name });
          }
        });
        xhr.addEventListener('error', () => reject(new UploadError(0)));
        xhr.addEventListener('abort', () => reject(new UploadError(0)));
        xhr.send(file);
      });
    },
    updateItem: (model, id, patch) => call<FileItem>('POST', `/api/database/${model}/${encodeURIComponent(id)}`, patch),
    async fileBlob(id, kind) {
      const path =
        kind === 'thumbnail'
          ? `/api/files/preview?${query({ id, preview: 'thumbnail' })}`
          : kind === 'download'
            ? `/api/files/download?${query({ id })}`
            : imagePresetUrl(id, kind.slice('preset:'.length) as ImagePresetName);
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, { headers: headers() });
      } catch (error) {
        throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
      }
      if (!response.ok) throw new ApiError(response.status, `${response.status} ${response.statusText}`.trim());
      return response.blob();
    },
    queues: async () => queuesOf(await call<unknown>('GET', '/api/queues')),
    queueJobs: async (queue) => jobsOf(await call<unknown>('GET', `/api/queues/${encodeURIComponent(queue)}/jobs`)),
  };
}
