import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { schemaSet } from '../../src/shared/generated/schemas';
import { createRegistry } from '../../src/shared/registry';
import { buildOpenApi } from '../../src/server/modules/openapi/document';
import { createTestApp } from '../helpers/testApp';

type Node = null | boolean | number | string | Node[] | { [key: string]: Node };
type Doc = { [key: string]: Node };

const isObject = (node: Node | undefined): node is Doc =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

function resolvePointer(doc: Doc, ref: string): Node | undefined {
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Node | undefined>(
      (node, key) => (isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined),
      doc,
    );
}

/** Every `$ref` in the document, with where it sits. */
function refs(node: Node, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refs(item, `${at}/${i}`));
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [{ at, ref: value }] : refs(value, `${at}/${key}`),
  );
}

function expectValidOpenApi(doc: Doc): void {
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(isObject(doc.info) && typeof doc.info.title === 'string' && typeof doc.info.version === 'string').toBe(true);
  const paths = doc.paths as Doc;
  for (const [path, item] of Object.entries(paths)) {
    expect(path.startsWith('/')).toBe(true);
    expect(path).not.toMatch(/:\w/);
    for (const [method, op] of Object.entries(item as Doc)) {
      expect(['get', 'put', 'post', 'delete', 'options', 'patch', 'trace']).toContain(method);
      const responses = (op as Doc).responses;
      expect(isObject(responses) && Object.keys(responses).length > 0, `${method} ${path} has responses`).toBe(true);
    }
  }
  for (const { at, ref } of refs(doc)) {
    expect(ref.startsWith('#/'), `${at}: ${ref} points inside the document`).toBe(true);
    expect(resolvePointer(doc, ref), `${at}: ${ref} resolves`).toBeDefined();
  }
}

describe('OpenAPI document (pure)', () => {
  const registry = createRegistry(schemaSet);
  const doc = buildOpenApi({
    registry,
    routes: [
      {
        method: 'POST',
        url: '/api/login',
        schema: {
          body: { type: 'object', properties: { username: { type: 'string' }, password: { type: 'string' } } },
        },
      },
      {
        method: ['GET', 'HEAD'],
        url: '/api/files/:id',
        schema: { querystring: { type: 'object', properties: { preview: { type: 'string' } } } },
      },
      {
        method: 'POST',
        url: '/api/document/updateOne',
        schema: {
          querystring: { type: 'object', properties: { model: { type: 'string' } } },
          body: { type: 'object' },
        },
      },
      {
        method: 'GET',
        url: '/api/openapi.json',
        schema: { response: { 200: { $ref: 'https://baukasten.dev/schemas/models/client.schema.json' } } },
      },
    ],
    version: '1.0.0',
  }) as Doc;

  it('is valid-looking OpenAPI 3.1 whose refs all resolve', () => {
    expectValidOpenApi(doc);
  });

  it('has every model, value and element schema as a component, with system fields', () => {
    const schemas = (doc.components as Doc).schemas as Doc;
    expect(Object.keys(schemas).length).toBeGreaterThanOrEqual(
      Object.keys(registry.models).length + Object.keys(registry.elements).length,
    );
    expect(((schemas.Client as Doc).properties as Doc)._id).toBeDefined();
    expect(schemas.PageDraft).toBeDefined();
    expect(schemas.ElementMenuBasic).toBeDefined();
    expect(JSON.stringify(schemas)).not.toContain('"$id"');
  });

  it('turns Fastify paths into OpenAPI paths with path parameters and drops HEAD', () => {
    const files = (doc.paths as Doc)['/api/files/{id}'] as Doc;
    expect(Object.keys(files)).toEqual(['get']);
    expect((files.get as Doc).parameters).toContainEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string' },
    });
  });

  it('describes updateOne per model', () => {
    const op = ((doc.paths as Doc)['/api/document/updateOne'] as Doc).post as Doc;
    const body = JSON.stringify(op.requestBody);
    expect(body).toContain('#/components/schemas/Invoice');
    expect(JSON.stringify(op.parameters)).toContain('"trackedTime"');
  });

  it('components compile as JSON Schema 2020-12 once refs are made local', () => {
    // Not strict: OpenAPI keeps our x- annotations, which plain Ajv does not know.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const wrapper = {
      $id: 'https://example.test/openapi',
      components: doc.components,
      $ref: '#/components/schemas/Invoice',
    };
    const validate = ajv.compile(wrapper);
    const example = schemaSet.models.invoice.examples?.[0] as Record<string, unknown>;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('GET /api/openapi.json', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('describes every registered route and every model', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as Doc;
    expectValidOpenApi(doc);
    const paths = doc.paths as Doc;
    expect(isObject(paths['/api/login']) && isObject(paths['/api/login'].post)).toBe(true);
    expect(isObject(paths['/api/document/find']) && isObject(paths['/api/document/find'].post)).toBe(true);
    expect(paths['/api/openapi.json']).toBeDefined();
    const schemas = (doc.components as Doc).schemas as Doc;
    for (const model of Object.values(t.app.services.registry.models)) {
      const name = model.name[0].toUpperCase() + model.name.slice(1);
      expect(schemas[name], `component of model ${model.name}`).toBeDefined();
    }
    expect(schemas.Equipment).toBeDefined();
    expect(((doc.components as Doc).securitySchemes as Doc).bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});
