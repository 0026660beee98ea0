import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The admin's session cookie: a copy of the login token that only requests under /_ carry (Path /_,
 * HttpOnly, SameSite=Strict), so the server can render a logged-in admin page with its data, and a tab can
 * open an invoice's PDF (the routes with `config.sessionCookie`, GET only). API calls keep authenticating
 * with the Authorization header only: the cookie is never accepted there, so it opens no cross-site request
 * forgery.
 */
export const ADMIN_COOKIE = 'baukasten_admin';

function attributes(request: FastifyRequest): string {
  return `Path=/_; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.header(
    'set-cookie',
    `${ADMIN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${Math.floor(maxAgeMs / 1000)}; ${attributes(request)}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${ADMIN_COOKIE}=; Max-Age=0; ${attributes(request)}`);
}

/** The token of the admin cookie, if the request carries one. */
export function sessionCookieToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== ADMIN_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('=')) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token of the request's `Authorization: Bearer` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}
