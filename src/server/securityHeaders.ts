import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of the app's HTML (the site and the admin share an origin, and the admin
 * keeps its token in localStorage: no script may run that the server did not send).
 * - Scripts: only files from this origin, plus the inline scripts the server rendered (by hash or nonce).
 *   `wasm-unsafe-eval` and `blob:`/`data:` workers: the 3D viewer (Spark) compiles WebAssembly in workers
 *   made from blobs. Event handler attributes and `javascript:` URLs stay refused, and so does `eval` except in
 *   the admin, whose form library compiles the JSON schemas to functions at run time (Ajv): an injected script
 *   still cannot run there, only strings handed to the admin's own code could be.
 * - No plugins (`object-src`; the admin embeds its own files' PDFs), no `<base>` elsewhere, and who may frame the page (`frame-ancestors`).
 * Styles, images, media and frames are not limited: pages embed remote images and pages (the phone
 * element's iframe), and styles cannot run code.
 */
export function contentSecurityPolicy(options: {
  scripts?: string[];
  framing: 'none' | 'self';
  /** Lets code of this origin compile strings (`new Function`): the admin's forms (rjsf's Ajv validator). */
  compiles?: boolean;
  /** Lets the page embed files of this origin in `<object>`/`<embed>` (the admin's PDF preview of a blob). */
  embeds?: boolean;
}): string {
  const sources = (options.scripts ?? []).map((source) => ` '${source}'`).join('');
  return [
    `script-src 'self' ${options.compiles ? "'unsafe-eval' " : ''}'wasm-unsafe-eval'${sources}`,
    "worker-src 'self' blob: data:",
    options.embeds ? "object-src 'self' blob:" : "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors '${options.framing}'`,
  ].join('; ');
}

/** The frame policy of HTML answers for older browsers, matching `frame-ancestors`. */
const FRAME_OPTIONS = { none: 'DENY', self: 'SAMEORIGIN' } as const;

/** Sets the CSP and the matching X-Frame-Options on an HTML answer. */
export function secureHtml(reply: FastifyReply, options: Parameters<typeof contentSecurityPolicy>[0]): FastifyReply {
  return reply
    .header('content-security-policy', contentSecurityPolicy(options))
    .header('x-frame-options', FRAME_OPTIONS[options.framing]);
}

/** A fresh nonce for the inline scripts of one answer (the admin's, which is never cached). */
export const scriptNonce = (): string => randomBytes(18).toString('base64');

/** The CSP source (`sha256-…`) that allows an inline script with exactly this code. */
export const scriptHash = (code: string): string =>
  `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;

const isAdminPath = (url: string) => url === '/_' || url.startsWith('/_/') || url.startsWith('/_?');

/**
 * Security headers of every answer, in one place: `nosniff` on all (set when the request arrives, so
 * that answers written straight to the socket carry it too), and a CSP with a frame policy on HTML that
 * no route secured itself (routes with inline scripts set theirs with the scripts' hashes or nonce;
 * files keep their sandbox policy).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy'))
      secureHtml(reply, { framing: isAdminPath(request.url) ? 'none' : 'self' });
    return payload;
  });
}
