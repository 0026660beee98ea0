import {
  ApiError,
  type DataProvider,
  type Doc,
  type FindAnswer,
  type LoginState,
  type RequestOptions,
  type SessionUser,
} from './types';
import { findRequest } from '../../../shared/api/earlyRequests';
import { errorMessage, type ErrorBody } from '../../../shared/api/errors';
import type { SchemaSet } from '../../../shared/registry';
import type { FieldError } from '../../../shared/validation/createAjv';
import { takeEarlyResponse } from './earlyResponses';
import { httpFileProvider } from './httpFiles';
import { httpLogging } from './logging';
import { httpOperations } from './operations';
import { httpReportProvider } from './httpReports';
import { httpPages } from './pages';

/** Spec section 8: the message is the `error` field of the JSON body, or else the body text, or else the status. */
export async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const error = errorMessage(parsed);
  // An error message means the body is the API's error body; anything else is a proxy's page or text.
  const body = error === undefined ? undefined : (parsed as ErrorBody);
  const message = error ?? (text || `${response.status} ${response.statusText}`.trim());
  // The contract says an array of { field, message }; anything else (an older server's object) is ignored.
  const isFieldError = (f: unknown): f is FieldError =>
    typeof (f as FieldError | null)?.field === 'string' && typeof (f as FieldError).message === 'string';
  const listed: unknown = body?.fields;
  const fields = Array.isArray(listed)
    ? Object.fromEntries(listed.filter(isFieldError).map((f) => [f.field, f.message]))
    : undefined;
  return new ApiError(response.status, message, fields);
}

/** The data interface over the HTTP API; every request carries the stored token as an Authorization header. */
/** The most a `keepalive` request may carry: browsers refuse one over 64 kB (for all pending at once), leaving room. */
const KEEPALIVE_BYTES = 60_000;

export function httpProvider(token: () => string | undefined, base = ''): DataProvider {
  /** One request with the login token; a failed answer throws the API's error (spec section 8). */
  async function send(
    method: string,
    path: string,
    body?: string,
    contentType = 'application/json',
    accept = 'application/json',
    { keepalive }: RequestOptions = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = contentType;
    const outlives = keepalive === true && new Blob([body ?? '']).size <= KEEPALIVE_BYTES;
    const request = () => fetch(`${base}${path}`, { method, headers, body, ...(outlives ? { keepalive } : {}) });
    const early = base === '' && accept === 'application/json' ? takeEarlyResponse(method, path, body, bearer) : undefined;
    let response: Response;
    try {
      response = await (early ? early.catch(request) : request());
    } catch (error) {
      throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }
  async function call<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const response = await send(method, path, json, undefined, undefined, options);
    return (await response.json()) as T;
  }
  const q = (params: Record<string, string | string[] | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, item);
    }
    return search.toString();
  };

  return {
    ...httpFileProvider(call, token, base),
    ...httpOperations(call),
    ...httpReportProvider(send),
    ...httpPages(call, (method, path) => send(method, path)),
    ...httpLogging(call, send),
    async schemas() {
      const { models, elements, values } = await call<SchemaSet>('GET', '/api/schemas');
      return { models, elements, values };
    },
    permissions: async () => (await call<{ permissions: string[] }>('GET', '/api/admin/session')).permissions,
    async find(model, params) {
      const { method, path, body } = findRequest(model, params);
      return (await send(method, path, body)).json() as Promise<FindAnswer>;
    },
    findById: (model, id, populate, deleted) =>
      call<Doc>('GET', `/api/document/findById?${q({ model, id, populate, deleted: deleted ? 'true' : undefined })}`),
    save: (model, doc, options) => call<Doc>('POST', `/api/document/updateOne?${q({ model })}`, doc, options),
    async remove(model, id) {
      await call('DELETE', `/api/document/delete?${q({ model, id })}`);
    },
    login: (username, password) => call<LoginState>('POST', '/api/login', { username, password }),
    self: () => call<SessionUser>('GET', '/api/self'),
    async logout() {
      await call('POST', '/api/logout', {});
    },
  };
}
