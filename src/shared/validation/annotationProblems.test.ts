import { describe, expect, it } from 'vitest';
import { schemaSet } from '../generated/schemas';
import { ICON_NAMES } from '../vocabulary';
import { annotationProblems } from './annotationProblems';

const vehicle = (changes: Record<string, unknown> = {}, field: Record<string, unknown> = {}) => ({
  title: 'Vehicle',
  type: 'object',
  additionalProperties: false,
  'x-admin': { nav: { icon: 'Wrench' } },
  properties: {
    plate: { type: 'string', title: 'Plate', 'x-column': true },
    client: { type: 'string', title: 'Client', 'x-relation': { model: 'client', populate: ['name'] }, ...field },
  },
  ...changes,
});

describe('annotation problems, said to the developer who wrote the schema', () => {
  it('finds none in a correct schema, nor in any committed one', () => {
    expect(annotationProblems(vehicle())).toEqual([]);
    for (const kind of Object.values(schemaSet))
      for (const schema of Object.values(kind)) expect(annotationProblems(schema)).toEqual([]);
  });

  it('names the place, what the value must be and where the keyword is described', () => {
    expect(annotationProblems(vehicle({}, { 'x-relation': 'client' }))).toEqual([
      'properties.client.x-relation: must be an object with model, populate (src/shared/vocabulary.ts describes x-relation)',
    ]);
    expect(annotationProblems(vehicle({}, { 'x-relation': { model: 'client' } }))).toEqual([
      'properties.client.x-relation.populate: is required (src/shared/vocabulary.ts describes x-relation)',
    ]);
  });

  it('lists every allowed value, and says what is wrong inside the branch of an anyOf the value meant', () => {
    // `nav` is false or an object: an object with a wrong icon is not also told it is not false.
    expect(annotationProblems(vehicle({ 'x-admin': { nav: { icon: 'car' } } }))).toEqual([
      `x-admin.nav.icon: must be one of ${ICON_NAMES.map((name) => `"${name}"`).join(', ')} (src/shared/vocabulary.ts describes x-admin)`,
    ]);
    // `x-permission` is one access for all or an object of them: each shape is told about its own mistake.
    const access =
      '"manage:cms", "manage:files", "manage:payment", "manage:backend", "public", "authenticated", "nobody"';
    expect(annotationProblems(vehicle({ 'x-permission': 'manage:cars' }))).toEqual([
      `x-permission: must be one of ${access} (src/shared/vocabulary.ts describes x-permission)`,
    ]);
    expect(annotationProblems(vehicle({ 'x-permission': { read: 'manage:cars' } }))).toEqual([
      `x-permission.read: must be one of ${access} (src/shared/vocabulary.ts describes x-permission)`,
    ]);
  });

  it('names an unknown annotation, but not a field called x-… nor x- keys in examples', () => {
    expect(annotationProblems(vehicle({ 'x-colour': 'red' }))).toEqual([
      'x-colour: is not an annotation (src/shared/vocabulary.ts lists them)',
    ]);
    const withNames = vehicle({
      properties: { 'x-ray': { type: 'string', title: 'X-ray' } },
      examples: [{ 'x-ray': 'yes' }],
    });
    expect(annotationProblems(withNames)).toEqual([]);
  });
});
