/** Wire shapes of the document API (spec section 7), shared by the server and the admin. */

/** A document as the API answers it. */
export type Doc = Record<string, unknown> & { _id: string; _version?: number };

export type SortSpec = Record<string, 1 | -1>;

/** Body of `POST /api/document/find` without the model: the plain form and the admin list form. */
export interface FindParams {
  query?: Record<string, unknown>;
  sort?: SortSpec;
  limit?: number;
  /** Zero-based page; with `limit`, the admin list form (answers `total` and `filters`). */
  page?: number;
  /** Relation fields whose targets are populated. */
  populate?: string[];
  search?: string;
  /** Equality filters of the list's filter dropdowns, ANDed with `query`. */
  filter?: Record<string, unknown>;
  /** Fields whose filter values the answer lists under `filters`. */
  filterFields?: string[];
  /** Include soft-deleted documents. */
  deleted?: boolean;
}

export interface FilterOption {
  value: unknown;
  label: string;
}

export interface FindAnswer {
  results: Doc[];
  total?: number;
  /** True when `total` is an estimate (large tables). */
  totalEstimated?: boolean;
  filters?: Record<string, FilterOption[]>;
}
