import type { Caller } from '../../access/caller';

export type Doc = Record<string, unknown> & { _id: string };

/** Options of `POST /api/document/find` (spec section 7): the plain form and the admin list form. */
export interface FindOptions {
  query?: unknown;
  sort?: unknown;
  limit?: number;
  /** Zero-based page; with `limit`, the admin list form. */
  page?: number;
  /** Relation fields whose targets are populated. */
  populate?: string[];
  search?: string;
  /** Equality filters of the list's filter dropdowns, ANDed with `query`. */
  filter?: Record<string, unknown>;
  /** Fields whose distinct values the answer lists under `filters`. */
  filterFields?: string[];
  /** Include soft-deleted documents. */
  deleted?: boolean;
  /** Skip this many matches instead of `page * limit` (the file browser pages folders and files as one list). */
  offset?: number;
}

export interface SaveOptions {
  /** Create with this id instead of a new one (an upload commits its blob under the id before the document exists). */
  createWithId?: string;
}

export interface FindResult {
  results: Doc[];
  total?: number;
  /** True when `total` is an estimate (large tables). */
  totalEstimated?: boolean;
  filters?: Record<string, unknown[]>;
}

/** The document operations behind the generic API: permission checks, validation, hooks, events. */
export interface DocumentService {
  find(caller: Caller, model: string, options: FindOptions): Promise<FindResult>;
  findById(caller: Caller, model: string, id: string, options?: { populate?: string[]; deleted?: boolean }): Promise<Doc>;
  /** Creates when `_id` is absent or `new`, otherwise updates (optimistic: a stale `_version` is a 409). */
  save(caller: Caller, model: string, input: Record<string, unknown>, options?: SaveOptions): Promise<Doc>;
  remove(caller: Caller, model: string, id: string): Promise<void>;
  /** The document as the caller may see it (hidden fields removed), or undefined when they may not read it. Sync: used per realtime event. */
  visibleTo(caller: Caller, model: string, doc: Record<string, unknown>): Record<string, unknown> | undefined;
}
