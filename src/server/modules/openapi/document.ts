import type { Registry } from '../../../shared/registry';
import {
  asJson,
  COMPONENT_PREFIX,
  isJsonObject,
  rewriteRefs,
  schemaComponents,
  type Json,
  type JsonObject,
} from './components';
import { describeDocumentRoute, describeModelBody } from './documentRoutes';
import { errorBodySchema } from '../../../shared/api/errors';

/** What the OpenAPI document needs to know about one registered route. */
export interface RouteInfo {
  method: string | string[];
  url: string;
  schema?: unknown;
  websocket?: boolean;
}

export interface OpenApiInput {
  registry: Registry;
  routes: readonly RouteInfo[];
  /** Fastify's shared schemas (`app.getSchemas()`), keyed by `$id`. */
  sharedSchemas?: Record<string, unknown>;
  version?: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const ERROR_REF = { $ref: '#/components/responses/Error' };

/** `/api/files/:id` -> `/api/files/{id}`, `/api/*` -> `/api/{wildcard}`, with the path parameter names. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      params.push('wildcard');
      return '{wildcard}';
    });
  return { path, params };
}

/** One parameter per property of a Fastify querystring or params schema. */
function parameters(schema: Json | undefined, where: 'query' | 'path', pathParams: string[]): JsonObject[] {
  const result: JsonObject[] = [];
  const properties = isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
  const required = isJsonObject(schema) && Array.isArray(schema.required) ? schema.required : [];
  if (schema !== undefined && where === 'query' && !(isJsonObject(schema) && isJsonObject(schema.properties))) {
    return [{ name: 'query', in: 'query', style: 'form', explode: true, schema }];
  }
  for (const [name, property] of Object.entries(properties)) {
    const description =
      isJsonObject(property) && typeof property.description === 'string' ? property.description : undefined;
    result.push({
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      schema: property,
      ...(description ? { description } : {}),
    });
  }
  if (where === 'path') {
    for (const name of pathParams)
      if (!(name in properties)) result.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return result;
}

/** Fastify's response map (`200`, `2xx`, `default`; a schema or `{ description, content }`) as OpenAPI responses. */
function responses(response: Json | undefined): JsonObject {
  const result: JsonObject = {};
  if (isJsonObject(response)) {
    for (const [code, value] of Object.entries(response)) {
      const key = code === 'default' ? 'default' : code.toUpperCase();
      const description =
        isJsonObject(value) && typeof value.description === 'string'
          ? value.description
          : key.startsWith('2')
            ? 'Success'
            : 'Response';
      if (isJsonObject(value) && isJsonObject(value.content)) result[key] = { description, content: value.content };
      else result[key] = { description, content: { 'application/json': { schema: value } } };
    }
  }
  if (!Object.keys(result).some((code) => code.startsWith('2'))) result['200'] = { description: 'Success' };
  result['4XX'] = ERROR_REF;
  result['5XX'] = ERROR_REF;
  return result;
}

const text = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

function operation(
  route: RouteInfo,
  method: string,
  pathParams: string[],
  names: ReadonlyMap<string, string>,
): JsonObject {
  const rewritten = rewriteRefs(asJson(route.schema), undefined, names);
  const schema = isJsonObject(rewritten) ? rewritten : {};
  const tag = route.url.split('/').filter(Boolean)[1] ?? 'api';
  const op: JsonObject = {
    operationId: `${method}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: text(schema.summary) ?? `${method.toUpperCase()} ${route.url}`,
    tags: Array.isArray(schema.tags) ? schema.tags : [tag],
  };
  const description =
    text(schema.description) ??
    (route.websocket ? 'WebSocket endpoint: upgrade the connection, then send JSON commands.' : undefined);
  if (description) op.description = description;
  const params = [
    ...parameters(schema.params, 'path', pathParams),
    ...parameters(schema.querystring ?? schema.query, 'query', pathParams),
  ];
  if (params.length) op.parameters = params;
  if (schema.body !== undefined && method !== 'get' && method !== 'head') {
    op.requestBody = { required: true, content: { 'application/json': { schema: schema.body } } };
  }
  op.responses = responses(schema.response);
  return op;
}

/**
 * The OpenAPI 3.1 description of the API, generated from the schemas (components) and the routes
 * Fastify registered (paths). Pure: the route module collects the input and caches the result.
 */
export function buildOpenApi(input: OpenApiInput): JsonObject {
  const { names, schemas } = schemaComponents(input.registry, input.sharedSchemas ?? {});
  schemas.Error = structuredClone(errorBodySchema) as unknown as JsonObject;
  const paths: Record<string, JsonObject> = {};
  for (const route of input.routes) {
    if (isJsonObject(route.schema) && route.schema.hide === true) continue;
    const { path, params } = openApiPath(route.url);
    for (const method of (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase())) {
      // Fastify adds a HEAD route for every GET on its own; it adds nothing to the description.
      if (!METHODS.has(method) || method === 'head') continue;
      const op = operation(route, method, params, names);
      describeDocumentRoute(op, method, path, input.registry, names);
      if (isJsonObject(route.schema)) describeModelBody(op, route.schema.bodyModel, input.registry, names);
      paths[path] = { ...paths[path], [method]: op };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Baukasten API',
      version: input.version ?? '0.0.0',
      description:
        'Schema-driven admin and site API. Calls carry `Authorization: Bearer <token>` from `POST /api/login`; what a caller may do is decided by the roles of their user.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }, {}],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas,
      responses: {
        Error: {
          description: 'Failure: `{ "error": "..." }` with a 4xx or 5xx status',
          content: { 'application/json': { schema: { $ref: `${COMPONENT_PREFIX}Error` } } },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Opaque session token from POST /api/login' },
      },
    },
  };
}
