import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_TEXT } from '../../../shared/rules/constants';
import { preloadElements, renderDocument } from '../../../site/ssr/renderDocument';
import { notFoundView, pageView } from '../../../shared/site/view';
import { locationHeader, redirectTarget } from '../../../shared/site/redirectTarget';
import { ANONYMOUS } from '../../access/caller';
import { notFound } from '../../errors';
import { secureHtml } from '../../securityHeaders';
import { OBJECT_ID } from '../../../shared/registry/systemFields';
import type { Services } from '../../services';
import { clientAssetsLoader } from './assets';
import { cachedAnswer, encoded, PageCache, type CachedAnswer } from './pageCache';
import { createSiteService, isReservedPath, SITE_MODELS, type PageQuery, type SiteService } from './site';
import { robotsTxt, sitemapXml } from './sitemap';

export interface CmsRoutesOptions {
  /** Where `vite build` put the client bundles (default `dist/client`, or `CLIENT_DIR`). */
  clientDir?: string;
}

const pageQuerySchema = {
  type: 'object',
  required: ['path'],
  additionalProperties: false,
  properties: {
    path: { type: 'string', minLength: 1, maxLength: 2000 },
    project: OBJECT_ID,
    language: { type: 'string', enum: ['en', 'de', 'es', 'it'] },
  },
} as const;

/**
 * The public site: GET /api/cms/page (JSON), /sitemap.xml, /robots.txt, and server-side rendering
 * of every other path that is not under /_ or /api (`siteRoutes`, registered last in app.ts).
 */
export function cmsRoutes(app: FastifyInstance, services: Services): SiteService {
  const site = createSiteService(services);
  app.get<{ Querystring: PageQuery }>(
    '/api/cms/page',
    {
      config: { ignoreInvalidToken: true },
      schema: {
        summary: 'The published page at a path (with its layout and the paths of linked pages), or the redirect there',
        tags: ['cms'],
        querystring: pageQuerySchema,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            properties: {
              page: { type: 'object', additionalProperties: true },
              layout: { anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] },
              pagePaths: { type: 'object', additionalProperties: { type: 'string' } },
              redirect: {
                type: 'object',
                additionalProperties: false,
                required: ['to', 'permanent'],
                properties: { to: { type: 'string' }, permanent: { type: 'boolean' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const answer = await site.resolve(request.caller, request.query);
      if (!answer) throw notFound(NOT_FOUND_TEXT);
      if ('redirect' in answer) services.pages.redirectServed(request.query.path);
      return answer;
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request, (await site.siteConfig()).domain);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(origin, await site.indexablePages()));
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request, (await site.siteConfig()).domain);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin));
  });
  return site;
}

/** `https://<configured domain>`, or the origin the request came to. */
function originOf(request: FastifyRequest, domain: string | undefined): string {
  return domain ? `https://${domain}` : `${request.protocol}://${request.host}`;
}

/**
 * Server-side rendering of every path not under /_ or /api: a page (200), a redirect (301 when
 * permanent, else 302) or 'not found' (404). Anonymous answers are cached per origin and path until
 * a page, layout, site configuration or redirect changes.
 */
export function siteRoutes(
  app: FastifyInstance,
  services: Services,
  site: SiteService,
  options: CmsRoutesOptions = {},
): void {
  const clientDir = path.resolve(options.clientDir ?? process.env.CLIENT_DIR ?? 'dist/client');
  const assets = clientAssetsLoader(clientDir);
  const cache = new PageCache();
  // Split elements render their markup on the server only once their code is loaded.
  const elementsLoaded = preloadElements();
  services.bus.subscribe((event) => {
    // A deleted file leaves the pages showing it (they are served without it).
    const fileGone = event.type === 'document' && event.model === 'file' && event.action === 'delete';
    if ((event.type === 'document' && SITE_MODELS.has(event.model)) || fileGone) cache.clear();
  });

  async function render(request: FastifyRequest, pathname: string): Promise<CachedAnswer> {
    const config = await site.siteConfig();
    const origin = originOf(request, config.domain);
    const answer = await site.resolve(request.caller, { path: pathname });
    if (answer && 'redirect' in answer)
      return cachedAnswer(answer.redirect.permanent ? 301 : 302, '', answer.redirect.to);
    // Not found: framed by the home page's layout (its navigation and footer), as the caller may see it.
    const view = answer ? pageView(answer) : notFoundView(pathname, await site.resolve(request.caller, { path: '/' }));
    await elementsLoaded;
    const scripts: string[] = [];
    const html = renderDocument({ config, view, origin, assets: assets(), scripts });
    return cachedAnswer(view.kind === 'page' ? 200 : 404, html, undefined, scripts);
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (isReservedPath(pathname)) return reply.callNotFound();
    const anonymous = request.caller === ANONYMOUS || !request.caller.user;
    const key = `${request.host}${pathname}`;
    const generation = cache.generation;
    let answer = anonymous ? cache.get(key) : undefined;
    if (!answer) {
      answer = await render(request, pathname);
      // 404s are not kept: any number of distinct unknown paths could be asked for.
      if (anonymous && answer.status !== 404) cache.set(key, answer, generation);
    }
    if (!answer.location) return send(request, reply, answer);
    services.pages.redirectServed(pathname);
    // The cached answer is the visitor-independent target: the visitor's own query string is added per request.
    const search = request.url.slice(pathname.length);
    return send(request, reply, { ...answer, location: redirectTarget(answer.location, search) });
  };
  app.get('/', { schema: { hide: true }, config: { ignoreInvalidToken: true } }, handler);
  app.get('/*', { schema: { hide: true }, config: { ignoreInvalidToken: true } }, handler);
}

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.code(answer.status).header('referrer-policy', 'strict-origin-when-cross-origin');
  // Only the inline scripts the renderer wrote may run; other sites may not frame the pages (forms).
  secureHtml(reply, { scripts: answer.scriptHashes, framing: 'self' });
  if (answer.location)
    return reply.header('location', locationHeader(answer.location)).header('cache-control', 'no-cache').send();
  reply
    .header('cache-control', 'no-cache')
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (answer.status === 200 && request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  const { body, encoding } = encoded(answer, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
