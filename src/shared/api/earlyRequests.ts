import type { Registry, SchemaSet } from '../registry';
import { ADMIN_LOGIN_KEY } from '../rules/constants';
import type { AdminSession } from './auth';
import type { FindAnswer, FindParams } from './documents';
import { findParams, parseListState } from './listParams';

/**
 * Early requests: the admin's first API calls (schemas, permissions, and the list a list URL shows)
 * start from a small inline script in the HTML, while the browser is still loading the admin's
 * code. The data provider then takes these responses instead of asking again. The server writes
 * the script (it knows the list a URL shows); it contains no user data, the token stays in the
 * browser's storage.
 */
export interface EarlyRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body exactly as the data provider serializes it. */
  body?: string;
}

/** Where the inline script leaves the responses: `window[EARLY_RESPONSES_GLOBAL]`. */
export const EARLY_RESPONSES_GLOBAL = '__baukastenEarly';

export interface EarlyResponses {
  /** The token the requests carried: a response is only taken by a provider using the same one. */
  token: string;
  responses: Record<string, Promise<Response>>;
}

/** The key of an early response: the script that starts the request and the data provider that takes it both use it. */
export const earlyKey = (method: string, path: string, body?: string): string => `${method} ${path} ${body ?? ''}`;

/** `POST /api/document/find` exactly as the admin sends it: the one serialization of its body. */
export function findRequest(model: string, params: FindParams): EarlyRequest & { body: string } {
  return { method: 'POST', path: '/api/document/find', body: JSON.stringify({ model, ...params }) };
}

/** The requests the admin makes first for `url` (path and query below /_). */
export function earlyRequests(registry: Registry, url: URL): EarlyRequest[] {
  const requests: EarlyRequest[] = [
    { method: 'GET', path: '/api/schemas' },
    { method: 'GET', path: '/api/admin/session' },
  ];
  const plural = /^\/_\/([A-Za-z][A-Za-z0-9]*)\/?$/.exec(url.pathname)?.[1];
  const model = plural ? registry.modelByPlural(plural) : undefined;
  if (model && !model.customScreen) {
    requests.push(findRequest(model.name, findParams(parseListState(url.searchParams, model), model)));
  }
  return requests;
}

/** JSON that is safe inside an inline <script> (no `</script>`, no line separators). */
export const inlineJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The code that starts `requests` with the stored login's token (nothing when logged out). */
export function earlyRequestsCode(requests: EarlyRequest[]): string {
  const keyed = requests.map((request) => ({ ...request, key: earlyKey(request.method, request.path, request.body) }));
  return `(function(){var l;try{l=JSON.parse(localStorage.getItem(${inlineJson(ADMIN_LOGIN_KEY)})||"null")}catch(e){}
if(!l||typeof l.token!=="string")return;var e=window[${inlineJson(EARLY_RESPONSES_GLOBAL)}]={token:l.token,responses:{}};
${inlineJson(keyed)}.forEach(function(r){var h={accept:"application/json",authorization:"Bearer "+l.token};if(r.body!==undefined)h["content-type"]="application/json";
var p=e.responses[r.key]=fetch(r.path,{method:r.method,headers:h,body:r.body});p.catch(function(){})})})()`;
}

/** The inline script that starts `requests` at once (see `earlyRequestsCode`). */
export const earlyRequestsScript = (requests: EarlyRequest[]): string =>
  `<script>${earlyRequestsCode(requests)}</script>`;

/**
 * The first data of a page the server rendered (answers of the same API calls the admin would make),
 * embedded in the HTML as JSON. Entered into the cache before the first render, so the browser's
 * first render shows what the server's did.
 */
export interface AdminPreload {
  /**
   * `GET /api/schemas`: the server renders with it but leaves it out of the page (100 kB that would
   * delay the first paint); the browser asks for it once the page has shown.
   */
  schemas?: SchemaSet;
  /** `GET /api/admin/session` */
  session: AdminSession;
  /** `POST /api/document/find` of the list the URL shows. */
  find?: { model: string; params: FindParams; answer: FindAnswer };
}

export const PRELOAD_ELEMENT_ID = 'admin-preload';
