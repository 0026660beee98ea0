import { createStore, entries, promisifyRequest } from 'idb-keyval';
import type { LoggingFrame } from '../../shared/api/logging';

/**
 * Where the frames waiting for the upload are kept across a reload or a closed tab: each under a key
 * that counts up as frames are logged, so the oldest comes first.
 */
export interface FrameStore {
  /** Every frame kept, with its key. */
  load(): Promise<[number, LoggingFrame][]>;
  /** Stores and removes frames in one transaction. */
  write(puts: [number, LoggingFrame][], deletes: number[]): Promise<void>;
}

/**
 * One user's waiting frames in the browser's IndexedDB (a database per user, opened at the first use):
 * another user of the tool on the same browser neither sees nor uploads them. Undefined where the
 * browser has no IndexedDB (the frames then wait in memory only).
 */
export function userFrameStore(userId: string): FrameStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  const store = createStore(`simos-web-upload-${userId}`, 'frames');
  return {
    load: () => entries<number, LoggingFrame>(store),
    write: (puts, deletes) =>
      store('readwrite', (frames) => {
        for (const [key, frame] of puts) frames.put(frame, key);
        for (const key of deletes) frames.delete(key);
        return promisifyRequest(frames.transaction);
      }),
  };
}
