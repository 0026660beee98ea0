import type { LoginState, SessionUser } from '../../../shared/api/auth';
import type { Doc, FindAnswer, FindParams } from '../../../shared/api/documents';
import type { SchemaSet } from '../../../shared/registry';
import type { FileProvider } from './files';
import type { LoggingProvider } from './logging';
import type { OperationsProvider } from './operations';
import type { PageProvider } from './pages';
import type { ReportProvider } from './reports';

export type { Doc, FilterOption, FindAnswer, FindParams, SortSpec } from '../../../shared/api/documents';

export type { LoginState, SessionUser } from '../../../shared/api/auth';

/** The schemas the caller may see, and the permissions the caller holds (for hiding what the server would refuse). */
export interface AdminContext {
  schemas: SchemaSet;
  permissions: string[];
}

/** A failed call: the server's message (spec section 8) and, for validation errors, the message per field. */
export interface ApiFailure {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error implements ApiFailure {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** How a request is sent, where it matters. */
export interface RequestOptions {
  /**
   * The request outlives the page (`fetch`'s `keepalive`): a save made as the page is hidden or closed, which the
   * browser would otherwise cancel with it. Browsers allow 64 kB for all such requests at once: a bigger body is sent
   * as an ordinary request (it may still arrive when the page is only hidden, not closed).
   */
  keepalive?: boolean;
}

/**
 * The one data interface of the admin (react-admin's DataProvider): RTK Query endpoints call it;
 * the app uses the HTTP implementation, stories and tests an in-memory one.
 */
export interface DataProvider extends FileProvider, ReportProvider, OperationsProvider, PageProvider, LoggingProvider {
  /** The schemas the caller may see (`GET /api/schemas`). */
  schemas(): Promise<SchemaSet>;
  /** The caller's permissions (`GET /api/admin/session`). */
  permissions(): Promise<string[]>;
  find(model: string, params: FindParams): Promise<FindAnswer>;
  /** One document; `deleted`: a soft-deleted one too, where the caller may see deleted documents of the model. */
  findById(model: string, id: string, populate?: string[], deleted?: boolean): Promise<Doc>;
  save(model: string, doc: Record<string, unknown>, options?: RequestOptions): Promise<Doc>;
  remove(model: string, id: string): Promise<void>;
  login(username: string, password: string): Promise<LoginState>;
  self(): Promise<SessionUser>;
  logout(): Promise<void>;
}
