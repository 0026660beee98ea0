import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import type { JsonSchema } from '../../../shared/registry';
import { isProseText } from './proseText';

const props = (schema: JsonSchema) => schema.properties!;

describe('isProseText (where the AI assistant is offered)', () => {
  it('holds for free text and not for text the schema constrains', () => {
    expect(isProseText({ type: 'string', maxLength: 300 })).toBe(true);
    expect(isProseText({ type: ['string', 'null'] })).toBe(true);
    expect(isProseText({ type: 'string', pattern: '^[a-z]+$' })).toBe(false);
    expect(isProseText({ type: 'string', format: 'email' })).toBe(false);
    expect(isProseText({ type: 'string', format: 'uri' })).toBe(false);
    expect(isProseText({ type: 'string', enum: ['en', 'de'] })).toBe(false);
    expect(isProseText({ type: 'string', const: 'a' })).toBe(false);
    expect(isProseText({ type: 'string', readOnly: true })).toBe(false);
    expect(isProseText({ type: 'string', 'x-secret': 'argon2id' })).toBe(false);
    expect(isProseText({ type: 'string', 'x-relation': { model: 'page', populate: ['name'] } })).toBe(false);
    expect(isProseText({ type: 'string', 'x-prose': false })).toBe(false);
    expect(isProseText({ type: 'number' })).toBe(false);
    expect(isProseText(undefined)).toBe(false);
  });

  it("reads the schemas: a page's title and description are prose, its role names and a ZIP code are not", () => {
    const page = props(schemaSet.models.pageDraft);
    expect(isProseText(page.title)).toBe(true);
    expect(isProseText(page.description)).toBe(true);
    expect(isProseText(page._read.items)).toBe(false);
    expect(isProseText(page._write.items)).toBe(false);
    expect(isProseText(page._path)).toBe(false);
    expect(isProseText(page.language)).toBe(false);
    expect(isProseText(props(schemaSet.models.page)._read.items)).toBe(false);
    expect(isProseText(props(schemaSet.elements.hero).title)).toBe(true);
    expect(isProseText(props(schemaSet.values.imageRef).alt)).toBe(true);
    expect(isProseText(props(schemaSet.values.address).zip)).toBe(false);
    expect(isProseText(props(schemaSet.values.elementNode).slot)).toBe(false);
    expect(isProseText(props(schemaSet.elements.anchor).id)).toBe(false);
  });

  it('is no prose where a text names something: a page (its path is made of it), a layout, a person, a business, a place', () => {
    expect(isProseText(props(schemaSet.models.pageDraft).name)).toBe(false);
    expect(isProseText(props(schemaSet.models.page).name)).toBe(false);
    expect(isProseText(props(schemaSet.models.layout).name)).toBe(false);
    expect(isProseText(props(schemaSet.elements.quote).name)).toBe(false);
    const business = props(schemaSet.values.localBusiness);
    expect(isProseText(business.name)).toBe(false);
    for (const field of ['street', 'city', 'state', 'country'])
      expect(isProseText(props(business.address)[field]), field).toBe(false);
    for (const field of ['street', 'city', 'country'])
      expect(isProseText(props(schemaSet.values.address)[field]), field).toBe(false);
    const menuItem = props(schemaSet.values.menuCategory).items.items as JsonSchema;
    expect(isProseText(props(menuItem).name)).toBe(false);
    // Headings and descriptions stay prose.
    expect(isProseText(props(menuItem).description)).toBe(true);
    expect(isProseText(props(schemaSet.values.menuCategory).title)).toBe(true);
  });
});
