import { describe, expect, it } from 'vitest';
import { schemaSet as schemas } from '../../shared/generated/schemas';
import { createRegistry } from '../../shared/registry';
import { createMemoryDataSource } from './memoryDataSource';
import { createOptionCache } from './optionCache';
import { formatDetail, optionText, populatedLabel } from './relationOption';
import { prepareSchema } from './schema/prepareSchema';
import { uiSchemaFor, type RelationOptions } from './schema/uiSchemaFor';
import { relationFrom } from './widgets/useRelationOptions';

const registry = createRegistry(schemas);

/** The relation the invoice form's Transaction select gets, as SchemaForm builds it. */
function invoiceTransaction(): RelationOptions {
  const ui = uiSchemaFor(prepareSchema(registry.models.invoice.schema, schemas), { rootSchemas: schemas });
  return relationFrom(ui.transaction['ui:options'] as Record<string, unknown>, '');
}

const transactions = [
  { _id: 't2', name: 'Basler Bäckerei GmbH', date: '2024-05-02', amount: 980.5, direction: 'incoming' },
  { _id: 't1', name: 'Basler Bäckerei GmbH', date: '2024-03-12', amount: 2100, direction: 'incoming' },
  { _id: 't3', name: 'Basler Bäckerei GmbH', date: '2024-06-20', foreignAmount: 1500, direction: 'incoming' },
  { _id: 't4', name: 'Auszahlung Lohn', date: '2024-03-25', amount: 4200, direction: 'outgoing', type: 'payout' },
  { _id: 't5', name: 'Steuern 2023', date: '2024-04-30', amount: 3100, direction: 'outgoing', type: 'tax' },
  { _id: 't6', name: 'Alte Zahlung AG', date: '2023-01-05', amount: 10, direction: 'incoming', _deletedAt: 'x' },
];

describe('relation options with where and details', () => {
  it("takes the invoice transaction's where and the details' formats from the transaction schema", () => {
    const relation = invoiceTransaction();
    expect(relation).toMatchObject({ model: 'transaction', labelField: 'name', keyField: '_id' });
    expect(relation.where).toEqual({ direction: 'incoming' });
    expect(relation.details).toEqual([
      { field: 'date', schema: { type: 'string', format: 'date' } },
      { field: 'amount', schema: { type: 'number', 'x-currency': 'CHF' } },
      { field: 'foreignAmount', schema: { type: 'number', 'x-currency': 'EUR' } },
    ]);
  });

  it('offers only incoming payments, each with its date and amount as the lists show them, in date order', async () => {
    const source = createMemoryDataSource({ transaction: transactions });
    const options = await source.loadOptions(invoiceTransaction());
    expect(options.map((option) => option.value)).toEqual(['t1', 't2', 't3']);
    expect(options.map(optionText)).toEqual([
      'Basler Bäckerei GmbH · 12.03.2024 · 2.100,00 CHF',
      'Basler Bäckerei GmbH · 02.05.2024 · 980,50 CHF',
      'Basler Bäckerei GmbH · 20.06.2024 · 1.500,00 €',
    ]);
  });

  it('searches the label, not the details', async () => {
    const source = createMemoryDataSource({ transaction: transactions });
    const relation = invoiceTransaction();
    expect(await source.loadOptions(relation, 'basler')).toHaveLength(3);
    expect(await source.loadOptions(relation, '12.03')).toEqual([]);
    expect(await source.loadOptions(relation, 'Steuern')).toEqual([]);
  });

  it('names a stored value the options leave out (an outgoing one) with its details', async () => {
    const source = createMemoryDataSource({ transaction: transactions });
    expect(await source.loadLabel?.(invoiceTransaction(), 't4')).toEqual({
      label: 'Auszahlung Lohn · 25.03.2024 · 4.200,00 CHF',
      deleted: false,
    });
  });

  it('caches per relation: the same model with another where is another list', async () => {
    const load = createOptionCache(createMemoryDataSource({ transaction: transactions }));
    const incoming = invoiceTransaction();
    const all: RelationOptions = { model: 'transaction', labelField: 'name', keyField: '_id' };
    expect(await load(incoming)).toHaveLength(3);
    expect(await load(all)).toHaveLength(5);
    expect(await load({ ...incoming, where: { direction: 'outgoing' } })).toHaveLength(2);
  });

  it('formats details like list cells: integers ungrouped, enum labels, nothing for empty values', () => {
    expect(formatDetail(1042, { field: 'id', schema: { type: 'integer' } })).toBe('1042');
    expect(formatDetail('payout', { field: 'type', schema: registry.models.transaction.schema.properties!.type })).toBe(
      'Payout',
    );
    expect(formatDetail(undefined, { field: 'amount', schema: { 'x-currency': 'CHF' } })).toBe('');
    expect(optionText({ value: 'x', label: 'Ohne Details' })).toBe('Ohne Details');
  });

  it("reads a label out of a document populated at the relation's path, and nothing where the key was left", () => {
    const user: RelationOptions = { model: 'user', labelField: 'login', keyField: '_id', path: 'items.user' };
    const invoice = {
      items: [
        { name: 'Konzept', user: { _id: 'u1', login: 'anna' } },
        { name: 'Umsetzung', user: 'u2' },
        { name: 'Alt', user: { _id: 'u3', login: 'beat', _deletedAt: '2026-01-01T00:00:00.000Z' } },
        { name: 'Ohne' },
      ],
    };
    expect(populatedLabel(invoice, user, 'u1')).toEqual({ label: 'anna', deleted: false });
    expect(populatedLabel(invoice, user, 'u3')).toEqual({ label: 'beat', deleted: true });
    // The server left the key: it shares no label of that user.
    expect(populatedLabel(invoice, user, 'u2')).toBeUndefined();
    expect(populatedLabel(invoice, { ...user, path: undefined }, 'u1')).toBeUndefined();
    const projects: RelationOptions = { model: 'project', labelField: 'name', keyField: '_id', path: 'projects' };
    expect(populatedLabel({ projects: ['p1', { _id: 'p2', name: 'Website' }] }, projects, 'p2')).toEqual({
      label: 'Website',
      deleted: false,
    });
    const client: RelationOptions = { model: 'client', labelField: 'name', keyField: '_id', path: 'client' };
    expect(populatedLabel({ client: { _id: 'c1', name: 'Rheinblick' } }, client, 'c1')?.label).toBe('Rheinblick');
  });
});
