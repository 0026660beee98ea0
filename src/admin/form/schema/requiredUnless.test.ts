import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry, type JsonSchema } from '../../../shared/registry';
import { requiredUnless } from './requiredUnless';

describe('requiredUnless', () => {
  it("names the transaction's EUR amount as what spares the CHF amount", () => {
    const transaction = createRegistry(schemaSet).models.transaction.schema;
    expect(requiredUnless(transaction)).toEqual({ amount: ['Amount (EUR)'] });
  });

  it('answers nothing without a conditional, or for a condition on values rather than on given fields', () => {
    expect(requiredUnless({ type: 'object', required: ['a'] })).toEqual({});
    const onValue: JsonSchema = {
      properties: { kind: { type: 'string', title: 'Kind' }, b: { type: 'string' } },
      if: { properties: { kind: { const: 'x' } }, required: ['kind'] },
      else: { required: ['b'] },
    };
    expect(requiredUnless(onValue)).toEqual({});
  });
});
