import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { withoutRecordedOrder } from './recordedOrder';

const formFields = Object.values(schemaSet.values).find((schema) => schema.$id?.endsWith('/form-fields.schema.json'));

describe('withoutRecordedOrder', () => {
  it("leaves out the order recorded beside a form's fields, and nothing else", () => {
    const value = {
      type: 'object',
      properties: { vorname: {}, email: {} },
      required: [],
      'x-order': ['vorname', 'email'],
    };
    expect(withoutRecordedOrder(formFields, value)).toEqual({
      type: 'object',
      properties: { vorname: {}, email: {} },
      required: [],
    });
    // Where no property is `x-ordered`, an `x-order` is data like any other.
    expect(withoutRecordedOrder({ properties: { a: {} } }, value)).toBe(value);
    expect(withoutRecordedOrder(formFields, 'text')).toBe('text');
  });
});
