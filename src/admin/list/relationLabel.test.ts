import { describe, expect, it } from 'vitest';
import { relationLabel } from './relationLabel';

const client = { relation: { model: 'client', populate: ['name'], label: 'name', key: '_id', many: false } };
const role = { relation: { model: 'role', populate: ['name'], label: 'name', key: 'name', many: true } };
const ID = '66a1f0c2e4b0a1b2c3d4a001';

describe('relationLabel', () => {
  it('reads a populated document by its label, marking a deleted one', () => {
    expect(relationLabel({ _id: ID, name: 'Rheinblick Immobilien AG' }, client, 'Client')).toBe(
      'Rheinblick Immobilien AG',
    );
    expect(
      relationLabel({ _id: ID, name: 'Alte Kundin AG', _deletedAt: '2026-01-01T00:00:00Z' }, client, 'Client'),
    ).toBe('Alte Kundin AG (deleted)');
  });

  it('never shows an id: a key left unpopulated, or a document without a label, is an unknown one of its model', () => {
    expect(relationLabel(ID, client, 'Client')).toBe('Unknown client');
    expect(relationLabel({ _id: ID }, client, 'Client')).toBe('Unknown client');
    expect(relationLabel({ _id: ID, name: '', _deletedAt: '2026-01-01T00:00:00Z' }, client, 'Client')).toBe(
      'Unknown client (deleted)',
    );
    expect(relationLabel(ID, client)).toBe('Unknown document');
  });

  it('keeps a key people read (a role by its name) and shows nothing for no value', () => {
    expect(relationLabel('accountant', role, 'Role')).toBe('accountant');
    expect(relationLabel(undefined, client, 'Client')).toBe('');
    expect(relationLabel(null, client, 'Client')).toBe('');
  });
});
