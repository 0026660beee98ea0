import { describe, it, expect } from 'vitest';
import { modelRoute, pluralize } from './pluralize';

describe('pluralize', () => {
  it('appends s', () => {
    expect(pluralize('pageDraft')).toBe('pageDrafts');
    expect(pluralize('formData')).toBe('formDatas');
    expect(pluralize('invoice')).toBe('invoices');
    expect(pluralize('posReceipt')).toBe('posReceipts');
  });

  it('turns a final y into ies', () => {
    expect(pluralize('category')).toBe('categories');
    expect(pluralize('y')).toBe('ies');
  });

  it('follows the rule literally for a vowel before y', () => {
    expect(pluralize('key')).toBe('keies');
  });

  it('only looks at a lowercase final y', () => {
    expect(pluralize('keyboard')).toBe('keyboards');
    expect(pluralize('ABY')).toBe('ABYs');
  });

  it('leaves the empty string alone', () => {
    expect(pluralize('')).toBe('');
  });
});

describe('modelRoute', () => {
  it('builds the list route', () => {
    expect(modelRoute('clients')).toBe('/_/clients');
    expect(modelRoute('clients', '')).toBe('/_/clients');
  });

  it('builds the item route', () => {
    expect(modelRoute('invoices', '66a1f0c2e4b0a1b2c3d4e5f6')).toBe('/_/invoices/66a1f0c2e4b0a1b2c3d4e5f6');
    expect(modelRoute('pageDrafts', 'new')).toBe('/_/pageDrafts/new');
  });

  it('encodes unsafe ids', () => {
    expect(modelRoute('users', 'a/b')).toBe('/_/users/a%2Fb');
  });
});
