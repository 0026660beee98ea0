import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { earlyRequests } from '../../../shared/api/earlyRequests';
import { bearerToken, setSessionCookie } from '../auth/sessionCookie';
import { adminTemplateLoader, renderAdminDocument } from './document';
import { prerenderAdmin, prerenderCall } from './prerender';
import { scriptNonce, secureHtml } from '../../securityHeaders';
import type { Services } from '../../services';

/** The diagnostics tool's HTML entry inside the client build (see CLIENT_ENTRIES in vite.config.ts). */
const DIAGNOSTICS_HTML = 'src/diagnostics/index.html';

export interface AdminRoutesOptions {
  /** Where `vite build` put the client bundles (default `dist/client`, or `CLIENT_DIR`). */
  clientDir?: string;
}

const sessionSchema = {
  summary: "The caller's permissions, so the admin can hide links the server would refuse",
  response: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['permissions'],
      properties: { permissions: { type: 'array', items: { type: 'string' } } },
    },
  },
};

/**
 * Serves the built admin SPA: hashed assets under /assets/ (cached for good), and index.html for
 * GET /_ and every path below it (the SPA routes them). Screens registered by later modules at a
 * fixed path (e.g. /_/simos-web) win over the wildcard.
 */
export async function adminRoutes(
  app: FastifyInstance,
  services: Services,
  options: AdminRoutesOptions = {},
): Promise<void> {
  const clientDir = path.resolve(options.clientDir ?? process.env.CLIENT_DIR ?? 'dist/client');
  const assets = path.join(clientDir, 'assets');
  const loadTemplate = adminTemplateLoader(clientDir);

  app.get('/api/admin/session', { schema: sessionSchema }, async (request, reply) => {
    // Keeps the session cookie on the token the admin uses (a login from before the cookie, a cookie cleared),
    // so that the tabs opening PDFs (`sessionTabUrl`) are signed in as the admin is.
    const token = bearerToken(request);
    if (token && request.caller.user) setSessionCookie(request, reply, token, services.config.sessionTtlMs);
    return { permissions: [...request.caller.permissions] };
  });

  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      schemaHide: true,
      preCompressed: true,
    });
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const template = loadTemplate();
    if (template === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The admin is not built yet: run `npm run build` (npm start does it).');
    }
    const requests = earlyRequests(services.registry, new URL(request.url, 'http://admin'));
    // Set before the headers go out (a prerendered answer writes them straight to the socket).
    const nonce = scriptNonce();
    secureHtml(reply.type('text/html; charset=utf-8'), {
      scripts: [`nonce-${nonce}`],
      framing: 'none',
      compiles: true,
      embeds: true,
    });
    const call = await prerenderCall(request, reply, requests, services);
    if (!call)
      return reply.header('cache-control', 'no-cache').send(renderAdminDocument(template, { early: requests, nonce }));
    // The caller's data goes into the page: never stored by caches. The headers and the head's start
    // go out at once (written straight to the socket), so the browser sets up the page while the
    // server queries and renders it; the rest follows as one write.
    reply.header('cache-control', 'no-store').hijack();
    reply.raw.writeHead(200, reply.getHeaders() as OutgoingHttpHeaders);
    reply.raw.write(template.start);
    // Node sends what was written on its next tick; the queries below may run on microtasks only.
    await new Promise((resolve) => setImmediate(resolve));
    let html: string;
    try {
      const rendered = await prerenderAdmin(app, request, call, services);
      // Only the schemas are still to be asked for.
      html = rendered
        ? renderAdminDocument(template, {
            title: rendered.title,
            early: requests.filter((r) => r.path === '/api/schemas'),
            page: { markup: rendered.markup, preload: rendered.preload },
            nonce,
          })
        : renderAdminDocument(template, { early: requests, nonce });
    } catch (error) {
      request.log.error({ err: error }, 'admin page not rendered on the server');
      html = renderAdminDocument(template, { early: requests, nonce });
    }
    reply.raw.end(html.slice(template.start.length));
    return reply;
  };
  // The diagnostics tool is its own front end (vite.config.ts); it asks for the admin's login itself.
  app.get('/_/simos-web', { schema: { hide: true } }, async (_request, reply) => {
    const file = path.join(clientDir, DIAGNOSTICS_HTML);
    if (!existsSync(file))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The diagnostics tool is not built yet: run `npm run build`.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(file));
  });
  app.get('/_', { schema: { hide: true } }, sendIndex);
  app.get('/_/*', { schema: { hide: true } }, sendIndex);
}
