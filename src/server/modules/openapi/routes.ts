import type { FastifyInstance } from 'fastify';
import packageJson from '../../../../package.json';
import type { Services } from '../../services';
import type { JsonObject } from './components';
import { buildOpenApi, type RouteInfo } from './document';
import type { BodyModel } from './documentRoutes';

declare module 'fastify' {
  /** Documentation keywords of a route schema, read by the OpenAPI generator (as @fastify/swagger does). */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
    /** Leave the route out of the OpenAPI document. */
    hide?: boolean;
    /**
     * The body is a new document of this model, or with `batch` also `{ [key]: documents }`: the OpenAPI
     * body points at the model's schema. Documentation only; the route validates through the document operations.
     */
    bodyModel?: BodyModel;
  }
}

const collected = new WeakMap<FastifyInstance, RouteInfo[]>();

/**
 * Starts recording every route registered from now on (Fastify reports routes only to onRoute
 * hooks that exist when the route is added). Call it first in `buildApp`, before any routes.
 */
export function collectRoutes(app: FastifyInstance): RouteInfo[] {
  const existing = collected.get(app);
  if (existing) return existing;
  const routes: RouteInfo[] = [];
  collected.set(app, routes);
  app.addHook('onRoute', (route) => {
    const websocket = (route as { websocket?: unknown }).websocket === true;
    routes.push({ method: route.method, url: route.url, schema: route.schema, websocket });
  });
  return routes;
}

/** `GET /api/openapi.json`: the OpenAPI 3.1 description of every route, built once on first request. */
export function openApiRoutes(app: FastifyInstance, services: Services): void {
  if (!collected.has(app))
    app.log.warn('openApiRoutes: collectRoutes(app) was not called before the routes; the description misses them');
  const routes = collectRoutes(app);
  let document: JsonObject | undefined;
  app.get(
    '/api/openapi.json',
    {
      schema: {
        summary: 'OpenAPI 3.1 description of this API, generated from the schemas and the registered routes',
        tags: ['meta'],
        response: { 200: { type: 'object', additionalProperties: true } },
      },
    },
    async () => {
      document ??= buildOpenApi({
        registry: services.registry,
        routes,
        sharedSchemas: app.getSchemas(),
        version: packageJson.version,
      });
      return document;
    },
  );
}
