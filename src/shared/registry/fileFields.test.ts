import { describe, expect, it } from 'vitest';
import { schemaSet } from '../generated/schemas';
import { fileFields, valuesAt } from './fileFields';
import type { JsonSchema } from './jsonSchema';
import { createRegistry, mergeSchemaSets } from './registry';
import { SchemaResolver } from './resolve';

describe('fileFields', () => {
  it("finds the site configuration's favicon address and a user's avatar file", () => {
    const registry = createRegistry(schemaSet);
    expect(registry.models.siteConfig.fileFields).toEqual([{ path: ['favicon'], label: 'Favicon URL', kind: 'url' }]);
    expect(registry.models.user.fileFields).toEqual([
      { path: ['avatar', 'file'], label: 'Avatar › Image file', kind: 'id' },
    ]);
    expect(registry.models.client.fileFields).toEqual([]);
  });

  it('follows $refs, arrays and nullable branches', () => {
    const gadget: JsonSchema = {
      $id: 'https://baukasten.dev/schemas/models/gadget.schema.json',
      title: 'Gadget',
      type: 'object',
      properties: {
        photos: { type: 'array', title: 'Photos', items: { $ref: '../values/image-ref.schema.json' } },
        manual: { anyOf: [{ $ref: '../values/file-ref.schema.json' }, { type: 'null' }], title: 'Manual' },
        link: { type: 'string', title: 'Link' },
      },
    };
    const set = mergeSchemaSets(schemaSet, { models: { gadget } });
    expect(fileFields(gadget, new SchemaResolver(set))).toEqual([
      { path: ['photos', '*', 'file'], label: 'Photos › File', kind: 'id' },
      { path: ['manual'], label: 'Manual', kind: 'id' },
    ]);
  });
});

describe('valuesAt', () => {
  it("reads a path's values through arrays, and nothing where the document has none", () => {
    const doc = { photos: [{ file: 'a' }, { alt: 'x' }, { file: 'b' }], avatar: null };
    expect(valuesAt(doc, ['photos', '*', 'file'])).toEqual(['a', 'b']);
    expect(valuesAt(doc, ['avatar', 'file'])).toEqual([]);
    expect(valuesAt({ photos: 'no list' }, ['photos', '*', 'file'])).toEqual([]);
  });
});
