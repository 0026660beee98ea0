/** Wire shapes of the document API (spec section 7), shared by the server and the admin. */

import type { ModelName } from '../generated/schemas';
import type { ModelTypes } from '../generated/types';

/**
 * System field of an answered document: which of its secrets (`x-secret`, a user's password) hold a value,
 * by field name (`{ password: false }`: none is stored, so the user cannot log in). Never the secret or its
 * hash. Names only the secrets the caller may see (`x-roles`), and is absent when that is none of them (or
 * the model has no secrets). Comes with whole documents: `findById`, the answer of a save, `find` without
 * `fields` or with this name among them; never with populated relations. Ignored when a client sends it back.
 */
export const SECRETS_SET = '_secretsSet';
export type SecretsSet = Record<string, boolean>;
/** The JSON Schema of `_secretsSet` in answers (the API description). */
export const SECRETS_SET_SCHEMA = { type: 'object', additionalProperties: { type: 'boolean' } } as const;

/** A document as the API answers it. */
export type Doc = Record<string, unknown> & { _id: string; _version?: number; [SECRETS_SET]?: SecretsSet };

/**
 * A stored document of a known model: its generated type (every write was validated against the
 * schema) with its id. Fields the caller may not read are absent from what the API answers.
 */
export type ModelDoc<M extends ModelName> = ModelTypes[M] & Doc;

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
  /**
   * Answer only these top-level fields (system fields such as `_id` always come; populated relations
   * are added): a list asks for its columns instead of whole documents.
   */
  fields?: string[];
}

export interface FilterOption {
  value: unknown;
  label: string;
}

export interface FindAnswer<D extends Doc = Doc> {
  results: D[];
  total?: number;
  /** True when `total` is an estimate (large tables). */
  totalEstimated?: boolean;
  filters?: Record<string, FilterOption[]>;
}
