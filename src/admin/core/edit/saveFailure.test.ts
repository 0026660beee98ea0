import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry/registry';
import { fieldPathLabel, saveFailureMessage } from './saveFailure';

const registry = createRegistry(schemaSet);
const invoice = registry.model('invoice')!;

describe('save failure in the words of the form', () => {
  it('names fields by their titles, through arrays and $refs', () => {
    expect(fieldPathLabel(invoice, registry.resolver, 'client')).toBe('Client');
    expect(fieldPathLabel(invoice, registry.resolver, 'items.1.price')).toMatch(/^Items › #2 › [A-Z]/);
    expect(fieldPathLabel(invoice, registry.resolver, 'items.0.nope.deeper')).toBe('Items › #1 › nope › deeper');
    expect(fieldPathLabel(invoice, registry.resolver, 'unknown.path')).toBe('unknown.path');
  });

  it('leads each message with the label, once', () => {
    const message = saveFailureMessage(
      invoice,
      registry.resolver,
      { id: 'Number 2 is already taken by another Invoice', name: 'is required', client: 'Client x1 not found' },
      'id: Number 2 is already taken by another Invoice; name: is required',
    );
    expect(message).toBe('Number 2 is already taken by another Invoice; Name is required; Client x1 not found');
    expect(saveFailureMessage(invoice, registry.resolver, {}, 'Conflict')).toBe('Conflict');
  });
});
