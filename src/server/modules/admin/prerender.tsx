import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { renderAdmin } from '../../../admin/ssr/renderAdmin';
import { documentTitle, listTitle } from '../../../shared/admin/titles';
import type { SessionUser } from '../../../shared/api/auth';
import type { AdminPreload, EarlyRequest } from '../../../shared/api/earlyRequests';
import type { Services } from '../../services';
import { visibleSchemas } from '../schemas/operations';
import { clearSessionCookie, sessionCookieToken } from '../auth/sessionCookie';

/**
 * Server-side rendering of an admin list page, for a request with the admin's session cookie: the
 * page's first API calls are answered in-process (the same routes, permissions and serialization
 * as over HTTP, with the cookie's token as the bearer), then the admin renders them to HTML. The
 * schemas come from the function behind `/api/schemas` (one shared object per kind of caller, so
 * the admin's registry is built once, not per page). The answers but the schemas go along as the preload. Anything but a full success renders nothing (the browser loads
 * the page as usual); a token the server no longer accepts also clears the cookie.
 */
export async function prerenderAdmin(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  requests: EarlyRequest[],
  { registry, auth }: Pick<Services, 'registry' | 'auth'>,
): Promise<{ markup: string; preload: AdminPreload; title: string } | undefined> {
  const token = sessionCookieToken(request);
  const list = requests.find((r) => r.path === '/api/document/find');
  if (!token || !list?.body) return undefined;
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
  if (self.statusCode === 401) {
    clearSessionCookie(request, reply);
    return undefined;
  }
  if ([self, session, found].some((answer) => answer.statusCode !== 200)) return undefined;
  const schemas = visibleSchemas(registry, await auth.callerFromToken(token));
  const { model, ...params } = JSON.parse(list.body) as { model: string } & NonNullable<AdminPreload['find']>['params'];
  const preload: AdminPreload = { session: session.json(), find: { model, params, answer: found.json() } };
  const markup = renderAdmin(request.url, self.json<SessionUser>(), { ...preload, schemas });
  const info = registry.model(model);
  return { markup, preload, title: info ? listTitle(info) : documentTitle(model) };
}
