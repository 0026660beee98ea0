import { describe, expect, it } from 'vitest';
import { schemaSet } from '../../../shared/generated/schemas';
import { createRegistry } from '../../../shared/registry/registry';
import { rebase, rebaseMessage } from './rebase';

const registry = createRegistry(schemaSet);
const invoice = registry.model('invoice')!;
const base = {
  _id: 'a'.repeat(24),
  _version: 1,
  name: 'Strategie',
  status: 'open',
  items: [{ name: 'Beratung', price: 100, count: 1 }],
  total: 100,
};

describe('rebase: the form over the version saved meanwhile', () => {
  it('takes their changes to fields the form left, keeps the form’s own, recomputes the total', () => {
    const mine = { ...base, items: [{ name: 'Beratung', price: 100, count: 5 }], total: 500 };
    const theirs = { ...base, _version: 2, name: 'Strategie 2027', status: 'paid', total: 100 };
    const { data, conflicts } = rebase(invoice, registry.resolver, base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(data).toMatchObject({ _version: 2, name: 'Strategie 2027', status: 'paid', total: 500 });
    expect(data.items).toEqual([{ name: 'Beratung', price: 100, count: 5 }]);
  });

  it('keeps the form’s value where both changed a field, and names it', () => {
    const mine = { ...base, name: 'Mine', items: [{ name: 'Beratung', price: 100, count: 5 }], total: 500 };
    const theirs = { ...base, _version: 2, name: 'Theirs', items: [{ name: 'Beratung', price: 100, count: 2 }] };
    const { data, conflicts } = rebase(invoice, registry.resolver, base, mine, theirs);
    expect(conflicts).toEqual(['Name', 'Items › #1 › Count']);
    expect(data).toMatchObject({ _version: 2, name: 'Mine', total: 500 });
    expect(rebaseMessage(invoice, conflicts)).toBe(
      'Invoice was changed by someone else meanwhile, Name and Items › #1 › Count too. The form now holds their ' +
        'other changes and your Name and Items › #1 › Count: check, then SAVE again',
    );
  });
});
