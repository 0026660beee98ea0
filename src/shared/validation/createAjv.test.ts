import { describe, expect, it } from 'vitest';
import { createAjv, fieldErrors } from './createAjv';

const errorsOf = (schema: object, value: unknown) => {
  const validate = createAjv().compile(schema);
  validate(value);
  return fieldErrors(validate.errors);
};

describe('field errors in words a person reads', () => {
  it("lists an enum's values with the schema's labels where it has them", () => {
    const labelled = { type: 'string', enum: ['payout', 'tax'], 'x-enumLabels': ['Payout', 'Tax'] };
    expect(
      errorsOf(
        { type: 'object', properties: { type: labelled, side: { enum: ['in', 'out'] } } },
        { type: 'bonus', side: 'up' },
      ),
    ).toEqual([
      { field: 'type', message: 'must be one of Payout ("payout"), Tax ("tax")' },
      { field: 'side', message: 'must be one of "in", "out"' },
    ]);
    // A long list is counted, not spelled out: the select under which the message stands lists it.
    const icons = { enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm'] };
    expect(errorsOf({ type: 'object', properties: { icon: icons } }, { icon: 'pizza' })).toEqual([
      { field: 'icon', message: 'must be one of the 13 listed values ("a", "b", "c", …)' },
    ]);
  });

  it('says a field another one needs is required, at that field, naming the other by its title', () => {
    const schema = {
      type: 'object',
      properties: {
        targetPort: { type: 'integer', title: 'Container port' },
        publishedPort: { type: 'integer', title: 'Published port' },
        host: { type: 'string' },
        alias: { type: 'string' },
      },
      dependentRequired: { publishedPort: ['targetPort'], alias: ['host'] },
    };
    expect(errorsOf(schema, { publishedPort: 8080, alias: 'www' })).toEqual([
      { field: 'targetPort', message: 'is required when Published port is set' },
      { field: 'host', message: 'is required when alias is set' },
    ]);
    expect(errorsOf({ type: 'object', properties: { env: schema } }, { env: { publishedPort: 1 } })).toEqual([
      { field: 'env.targetPort', message: 'is required when Published port is set' },
    ]);
  });

  it('names lengths, formats, bounds, types and counts plainly', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        login: { type: 'string', minLength: 3, maxLength: 5 },
        email: { type: 'string', format: 'email' },
        day: { type: 'string', format: 'date' },
        count: { type: 'integer', minimum: 1, maximum: 9 },
        price: { type: 'number' },
        tags: { type: 'array', minItems: 1, items: { type: 'string' } },
        note: { type: ['string', 'null'] },
      },
      required: ['name'],
    };
    const value = {
      name: '',
      login: 'abcdefgh',
      email: 'x',
      day: '27.11.2026',
      count: 0,
      price: '1',
      tags: [],
      note: 3,
    };
    expect(errorsOf(schema, value)).toEqual([
      { field: 'name', message: 'must not be empty' },
      { field: 'login', message: 'must have at most 5 characters' },
      { field: 'email', message: 'must be an e-mail address' },
      { field: 'day', message: 'must be a date (YYYY-MM-DD)' },
      { field: 'count', message: 'must be at least 1' },
      { field: 'price', message: 'must be a number' },
      { field: 'tags', message: 'must have at least 1 entry' },
      { field: 'note', message: 'must be a text or empty' },
    ]);
    expect(errorsOf(schema, { login: 'ab' })).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'login', message: 'must have at least 3 characters' },
    ]);
  });

  it('states the limits of a money field as money reads in the product (German style, its currency)', () => {
    const schema = {
      type: 'object',
      properties: {
        price: { type: 'number', minimum: -1000000, maximum: 1000000, 'x-currency': 'EUR' },
        amount: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1234.5, 'x-currency': 'CHF' },
        count: { type: 'number', maximum: 100000 },
      },
    };
    expect(errorsOf(schema, { price: 1000000.01, amount: 0, count: 100001 })).toEqual([
      { field: 'price', message: 'must be at most 1.000.000,00 €' },
      { field: 'amount', message: 'must be more than 0,00 CHF' },
      { field: 'count', message: 'must be at most 100000' },
    ]);
    expect(errorsOf(schema, { price: -2000000, amount: 2000 })).toEqual([
      { field: 'price', message: 'must be at least -1.000.000,00 €' },
      { field: 'amount', message: 'must be less than 1.234,50 CHF' },
    ]);
  });

  it("says a pattern in the schema's words, never as the regular expression", () => {
    const schema = {
      type: 'object',
      properties: {
        from: { type: 'string', pattern: '^/', 'x-patternMessage': 'must be a path starting with /' },
        code: { type: 'string', pattern: '^[A-Z]{2}$' },
        data: {
          type: 'object',
          propertyNames: { pattern: '^[a-z]+$', 'x-patternMessage': 'must hold only lowercase letters' },
        },
        tags: { type: 'object', propertyNames: { maxLength: 3 } },
      },
    };
    const errors = errorsOf(schema, { from: 'home', code: 'ch', data: { ok: 1, 'Not ok': 2 }, tags: { long: 1 } });
    expect(errors).toEqual([
      { field: 'from', message: 'must be a path starting with /' },
      { field: 'code', message: 'is not in the expected form' },
      { field: 'data', message: 'has a name that is not allowed: “Not ok” (must hold only lowercase letters)' },
      { field: 'tags', message: 'has a name that is not allowed: “long”' },
    ]);
    expect(JSON.stringify(errors)).not.toMatch(/\^|pattern/);
  });
});
