import type { Readable } from 'node:stream';

/** What a finished write learned about the bytes on the way. */
export interface WrittenBlob {
  size: number;
  sha256: string;
  /** The first bytes (up to 4 KiB), for type sniffing. */
  head: Buffer;
}

/** Bytes streamed to temporary storage, not yet visible under a key. */
export interface PendingBlob extends WrittenBlob {
  /**
   * Makes the bytes durable and visible under `key` (atomic: readers see all or nothing), journalled
   * until `settle`: if the process dies in between, the next start asks whether the key is referenced.
   */
  commit(key: string): Promise<void>;
  /** Ends the journal entry of `commit` (the key is now referenced, or was deleted). */
  settle(): Promise<void>;
  /** Throws the bytes away. */
  discard(): Promise<void>;
  /** Path of the staged bytes when the store is local (sharp reads it to check images before commit). */
  readonly localPath?: string;
}

export interface BlobInfo {
  size: number;
  modifiedAt: Date;
  /** SHA-256 (hex) of the bytes when the store keeps it (S3 object metadata). */
  sha256?: string;
}

export interface WriteOptions {
  /** Refuse (with BlobTooLargeError) as soon as more than this many bytes arrived. */
  limit?: number;
}

export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`More than ${limit} bytes`);
  }
}

/**
 * Where file bytes live. Keys are ours (`file/<id>`, `preset/<id>/<name>`), never names from callers.
 * The local disk implementation writes a temporary file, fsyncs and renames; the S3 store stages on
 * local disk too and streams the staged file to the bucket (multipart when large) in `commit`.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Throws when the store does not answer (health check). */
  check(signal?: AbortSignal): Promise<void>;
  /** Streams `source` to temporary storage while counting and hashing. */
  stage(source: AsyncIterable<Buffer | Uint8Array>, options?: WriteOptions): Promise<PendingBlob>;
  /** Writes a small derived blob (a preview) in one go. `durable: false` skips the fsync: it can be rebuilt. */
  put(key: string, bytes: Buffer, options?: { durable?: boolean }): Promise<void>;
  stat(key: string): Promise<BlobInfo | undefined>;
  /** A stream of the bytes (optionally a byte range, inclusive end), or undefined when the key is absent. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
  /** The file of a key when the store is a local disk (sharp reads files faster than streams); undefined otherwise. */
  localPath?(key: string): string;
  /** Bytes free where the blobs live, when the store knows. */
  freeBytes(): Promise<number | undefined>;
  /**
   * Removes what interrupted writes of dead processes left behind: staged bytes, and committed blobs
   * that `isReferenced` does not know (a crash between commit and settle). Run at start-up.
   */
  cleanLeftovers(isReferenced: (key: string) => Promise<boolean>): Promise<number>;
}
