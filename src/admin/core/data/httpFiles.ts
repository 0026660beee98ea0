import { imagePresetUrl, type ImagePresetName } from '../../../shared/media/presets';
import type { FileItem, FileReferencesAnswer, FolderListing, FolderRequest } from '../../../shared/api/files';
import type { JobActionAnswer, QueueJobsAnswer, QueuesAnswer } from '../../../shared/api/queues';
import { UploadError, type FileProvider, type FolderPage } from './files';
import type { ErrorBody } from '../../../shared/api/errors';
import { ApiError } from './types';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const query = (params: Record<string, string | number | boolean | undefined | null>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) =>
      value === undefined || value === null ? [] : [[key, String(value)]],
    ),
  ).toString();

/** A folder page as the admin shows it: the folder (null at the root) and the page of its children. */
export function folderPageOf({ children = [], total, childPage: _page, childLimit: _limit, ...folder }: FolderListing): FolderPage {
  return { folder: folder._id === null ? null : (folder as FileItem), children, total: total ?? children.length };
}

/** The file and queue calls of spec section 7 over HTTP. Uploads use XMLHttpRequest, which reports upload progress. */
export function httpFileProvider(call: Call, token: () => string | undefined, base = ''): FileProvider {
  const headers = (): Record<string, string> => {
    const bearer = token();
    return bearer ? { authorization: `Bearer ${bearer}` } : {};
  };
  return {
    async folder({ id, page, limit, sortKey = 'name', sortDir = 1 }) {
      const request: FolderRequest = { id, children: true, childPage: page, childLimit: limit, sortKey };
      return folderPageOf(await call<FolderListing>('GET', `/api/files/folder?${query({ ...request, sortDir })}`));
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
          if (xhr.status < 200 || xhr.status >= 300) return reject(new UploadError(xhr.status, reasonOf(xhr)));
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
      // Chromium's blob type drops the charset: a text file shown from its blob URL would be read as windows-1252.
      const blob = await response.blob();
      const type = response.headers.get('content-type');
      return type && type !== blob.type && /charset=/i.test(type) ? new Blob([blob], { type }) : blob;
    },
    fileReferences: (id) => call<FileReferencesAnswer>('GET', `/api/files/references?${query({ id })}`),
    queues: async () => (await call<QueuesAnswer>('GET', '/api/queues')).queues,
    queueJobs: async (queue) =>
      (await call<QueueJobsAnswer>('GET', `/api/queues/${encodeURIComponent(queue)}/jobs`)).jobs,
    queueJobAction: async (queue, id, action) =>
      (
        await call<JobActionAnswer>(
          'POST',
          `/api/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/${action}`,
        )
      ).job,
  };
}

/** The `error` of a failed request's JSON answer (see ErrorBody), if it has one. */
function reasonOf(xhr: XMLHttpRequest): string | undefined {
  try {
    const { error } = JSON.parse(xhr.responseText) as Partial<ErrorBody>;
    return typeof error === 'string' ? error : undefined;
  } catch {
    return undefined;
  }
}
