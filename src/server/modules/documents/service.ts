import type { Doc, FindAnswer, FindParams, ModelDoc } from '../../../shared/api/documents';
import type { ModelName } from '../../../shared/generated/schemas';
import type { Caller } from '../../access/caller';

export type { Doc, FilterOption } from '../../../shared/api/documents';

/** The find body as the server receives it: `query` and `sort` are untrusted until the translator checks them. */
export type FindOptions = Omit<FindParams, 'query' | 'sort'> & {
  query?: unknown;
  sort?: unknown;
  /** Skip this many matches instead of `page * limit` (the file browser pages folders and files as one list). */
  offset?: number;
};

export interface SaveOptions {
  /** Create with this id instead of a new one (an upload commits its blob under the id before the document exists). */
  createWithId?: string;
}

/** One write of `saveAll`: a document of any model, created or updated as `save` does. */
export interface DocumentWrite {
  model: string;
  input: Record<string, unknown>;
  options?: SaveOptions;
}

/**
 * What writes planned inside their transaction (`saveAll` with a function) may read there, as stored (the
 * server's own reads: no access check). It sees what other transactions committed before it.
 */
export interface TransactionReader {
  /**
   * The live documents of `ids`, locked until the transaction commits: another transaction locking or
   * writing one of them waits, and then sees what this one wrote (a payment counted before the next decides).
   */
  lock(model: string, ids: readonly string[]): Promise<Doc[]>;
  /** The live documents of `model` whose top-level `field` holds one of `values`. */
  findBy(model: string, field: string, values: readonly string[]): Promise<Doc[]>;
}

/** Writes decided inside their transaction, from what it reads there (whether payments settle an invoice). */
export type PlannedWrites = (reader: TransactionReader) => Promise<DocumentWrite[]>;

export type FindResult = FindAnswer;

export interface FindByIdOptions {
  populate?: string[];
  deleted?: boolean;
}

/** The document operations behind the generic API: permission checks, validation, hooks, events. */
export interface DocumentService {
  /** A known model's documents come typed (its generated type); any model name answers plain documents. */
  find<M extends ModelName>(caller: Caller, model: M, options: FindOptions): Promise<FindAnswer<ModelDoc<M>>>;
  find(caller: Caller, model: string, options: FindOptions): Promise<FindResult>;
  findById<M extends ModelName>(caller: Caller, model: M, id: string, options?: FindByIdOptions): Promise<ModelDoc<M>>;
  findById(caller: Caller, model: string, id: string, options?: FindByIdOptions): Promise<Doc>;
  /** Creates when `_id` is absent or `new`, otherwise updates (optimistic: a stale `_version` is a 409). */
  save(caller: Caller, model: string, input: Record<string, unknown>, options?: SaveOptions): Promise<Doc>;
  /**
   * Several documents of one model in one transaction: all written, or none. An input that fails
   * (validation, access, conflict) answers its HttpError with `index` (its place in `inputs`) in the details.
   */
  saveMany(caller: Caller, model: string, inputs: Record<string, unknown>[]): Promise<Doc[]>;
  /**
   * Writes of several models in one transaction, in their order (a payment and the invoice it pays): all
   * written, or none. A failing write answers its HttpError with `index` (its place in `writes`) in the
   * details; the events go out after the commit only. Given a function, the writes are the ones it answers
   * inside the transaction (after reading and locking what they depend on); they may change no secret
   * (its check runs before a transaction).
   */
  saveAll(caller: Caller, writes: DocumentWrite[] | PlannedWrites): Promise<Doc[]>;
  remove(caller: Caller, model: string, id: string): Promise<void>;
  /**
   * The write check that needs no document (login, the model's permission; ownership when the id alone
   * tells it): call it before looking a document up for a write, so a 404 reveals no ids. Throws 401/403.
   */
  assertMayWrite(caller: Caller, model: string, action: 'create' | 'update' | 'delete', id?: string): void;
  /**
   * The document as the caller may see it (hidden fields removed, `_secretsSet` added), or undefined when
   * they may not read it. Sync: used per realtime event.
   */
  visibleTo(caller: Caller, model: string, doc: Record<string, unknown>): Record<string, unknown> | undefined;
}
