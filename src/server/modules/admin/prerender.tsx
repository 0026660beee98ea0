import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { renderAdmin } from '../../../admin/ssr/renderAdmin';
import { documentTitle, listTitle } from '../../../shared/admin/titles';
import type { SessionUser } from '../../../shared/api/auth';
import type { AdminPreload, EarlyRequest } from '../../../shared/api/earlyRequests';
import type { Services } from '../../services';
import { visibleSchemas } from '../schemas/operations';
import { clearSessionCookie, sessionCookieToken } from '../auth/sessionCookie';
import type { Caller } from '../../access/caller';
import { HttpError } from '../../errors';

/** A request the admin renders on the server: the cookie's token, its caller and the page's list call. */
export interface PrerenderCall {
  token: string;
  caller: Caller;
  list: EarlyRequest & { body: string };
}

/**
 * Whether to render an admin page on the server: a request with the admin's session cookie for a
 * page whose first call is a list. The token is checked first (cached, so usually without a
 * query); one the server no longer accepts clears the cookie and renders nothing (the browser
 * loads the page as usual and asks for a login).
 */
export async function prerenderCall(
  request: FastifyRequest,
  reply: FastifyReply,
  requests: EarlyRequest[],
  { auth }: Pick<Services, 'auth'>,
): Promise<PrerenderCall | undefined> {
  const token = sessionCookieToken(request);
  const list = requests.find((r) => r.path === '/api/document/find');
  if (!token || !list?.body) return undefined;
  try {
    return { token, caller: await auth.callerFromToken(token), list: { ...list, body: list.body } };
  } catch (error) {
    // A token the server no longer accepts; anything else (the database gone) leaves the cookie alone.
    if (error instanceof HttpError && error.status === 401) clearSessionCookie(request, reply);
    return undefined;
  }
}

/**
 * Server-side rendering of an admin list page (see `prerenderCall`): the page's first API calls are
 * answered in-process (the same routes, permissions and serialization as over HTTP, with the
 * cookie's token as the bearer), then the admin renders them to HTML. The schemas come from the
 * function behind `/api/schemas` (one shared object per kind of caller, so the admin's registry is
 * built once, not per page). The answers but the schemas go along as the preload. Anything but a
 * full success renders nothing (the browser loads the page as usual).
 */
export async function prerenderAdmin(
  app: FastifyInstance,
  request: FastifyRequest,
  { token, caller, list }: PrerenderCall,
  { registry }: Pick<Services, 'registry'>,
): Promise<{ markup: string; preload: AdminPreload; title: string } | undefined> {
  const call = (method: InjectOptions['method'], url: string, body?: string) =>
    app.inject({
      method,
      url,
      payload: body,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    });
  const [self, session, found] = await Promise.all([
    call('GET', '/api/self'),
    call('GET', '/api/admin/session'),
    call('POST', list.path, list.body),
  ]);
  if ([self, session, found].some((answer) => answer.statusCode !== 200)) return undefined;
  const schemas = visibleSchemas(registry, caller);
  const { model, ...params } = JSON.parse(list.body) as { model: string } & NonNullable<AdminPreload['find']>['params'];
  const preload: AdminPreload = { session: session.json(), find: { model, params, answer: found.json() } };
  const markup = await renderAdmin(request.url, self.json<SessionUser>(), { ...preload, schemas });
  const info = registry.model(model);
  return { markup, preload, title: info ? listTitle(info) : documentTitle(model) };
}
