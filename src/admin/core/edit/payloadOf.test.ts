import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry/registry';
import { payloadOf } from './useEditController';

// The schemas as the server serves them to staff without manage:payment: billing is theirs to read, not to write.
const served = structuredClone(schemaSet);
served.models.siteConfig.properties!.billing.readOnly = true;
const siteConfig = createRegistry(served).model('siteConfig')!;

describe('what a save sends', () => {
  it('leaves out the fields the form shows read-only, keeps the rest and the version', () => {
    const loaded = { _id: 'c1', _version: 3, title: 'Alt', domain: 'example.ch', billing: { iban: 'CH44' } };
    // The form filled in billing's defaults: sent, the server would read them as a change it refuses.
    const form = { ...loaded, title: 'Neu', billing: { iban: 'CH44', vatRate: 8.1, paymentTermDays: 14 } };
    const sent = payloadOf(siteConfig, loaded, form);
    expect(sent).toEqual({ _id: 'c1', _version: 3, title: 'Neu', domain: 'example.ch' });
  });

  it('sends null for a field emptied in the form', () => {
    const loaded = { _id: 'c1', _version: 3, title: 'Alt', domain: 'example.ch' };
    expect(payloadOf(siteConfig, loaded, { _id: 'c1', _version: 3, title: 'Alt' })).toEqual({
      _id: 'c1',
      _version: 3,
      title: 'Alt',
      domain: null,
    });
  });
});
