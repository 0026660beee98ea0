import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_REMOVAL_MS } from '../../shared/rules/constants';
import { useAdminDispatch } from '../core/data/hooks';
import { uploadFile } from '../core/data/filesApi';

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  loaded: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** Files sent at the same time; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;
let counter = 0;

/**
 * Uploads with a progress entry per file (spec section 4): each entry vanishes UPLOAD_REMOVAL_MS
 * after it completed or failed ('Failed with status {code}' or 'Network error').
 */
export function useUploads() {
  const dispatch = useAdminDispatch();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const patch = useCallback(
    (key: string, change: Partial<UploadEntry>) =>
      setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry))),
    [],
  );
  const removeLater = useCallback((key: string) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setEntries((list) => list.filter((entry) => entry.key !== key));
    }, UPLOAD_REMOVAL_MS);
    timers.current.add(timer);
  }, []);

  const upload = useCallback(
    (files: readonly File[], folder?: string) => {
      const batch = files.map((file) => ({ file, key: `upload-${(counter += 1)}` }));
      setEntries((list) => [
        ...list,
        ...batch.map(({ file, key }): UploadEntry => ({
          key,
          name: file.name,
          size: file.size,
          loaded: 0,
          status: 'waiting',
        })),
      ]);
      const queue = [...batch];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { file, key } = next;
          patch(key, { status: 'uploading' });
          try {
            await dispatch(
              uploadFile({
                file,
                name: file.name,
                folder,
                onProgress: (loaded, total) => patch(key, { loaded, size: total || file.size }),
              }),
            );
            patch(key, { status: 'done', loaded: file.size });
          } catch (error) {
            patch(key, {
              status: 'failed',
              loaded: 0,
              error: error instanceof Error ? error.message : 'Network error',
            });
          }
          removeLater(key);
        }
      };
      return Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, batch.length) }, worker)).then(
        () => undefined,
      );
    },
    [dispatch, patch, removeLater],
  );

  const dismiss = useCallback((key: string) => setEntries((list) => list.filter((entry) => entry.key !== key)), []);
  return { entries, upload, dismiss };
}

export type Uploads = ReturnType<typeof useUploads>;
