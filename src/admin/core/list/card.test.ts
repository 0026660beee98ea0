import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../shared/registry';
import { schemaSet } from '../../../shared/generated/schemas';
import { listColumns } from './columns';
import { listCard } from './card';

const registry = createRegistry(schemaSet);
const cardOf = (name: string) => {
  const model = registry.model(name)!;
  return listCard(listColumns(model), model.labelField);
};
const column = (field: string, align: 'left' | 'right' = 'left', compact = false) => ({
  field,
  align,
  info: { compact },
});

describe('listCard: a list row on a phone', () => {
  it("shows an invoice's name with its total at the right, then client, date and status", () => {
    expect(cardOf('invoice')).toEqual({ title: 'name', trailing: 'total', details: ['client', 'date', 'status'] });
  });

  it('takes the columns marked x-compact in column order, the first right-aligned one at the right', () => {
    const columns = [column('id', 'right'), column('name'), column('a', 'right', true), column('b', 'left', true)];
    expect(listCard(columns, 'name')).toEqual({ title: 'name', trailing: 'a', details: ['b'] });
  });

  it('shows the two columns after the title when none is marked, and the first column when the label is none', () => {
    const columns = [column('login'), column('email'), column('firstName'), column('lastName')];
    expect(listCard(columns, 'login')).toEqual({ title: 'login', details: ['email', 'firstName'] });
    expect(listCard(columns, 'name')).toEqual({ title: 'login', details: ['email', 'firstName'] });
  });
});
