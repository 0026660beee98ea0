import { describe, expect, it } from 'vitest';
import { listName, listTitle } from './titles';

describe('list titles', () => {
  it('calls a list by its navigation label, or by its label in the plural when it has none', () => {
    expect(listName({ nav: { label: 'Invoices' } as never, label: 'Invoice' })).toBe('Invoices');
    expect(listName({ nav: false, label: 'Page' })).toBe('Pages');
    expect(listName({ nav: false, label: 'Logging Entry' })).toBe('Logging Entries');
    expect(listTitle({ nav: false, label: 'Folder' })).toBe('Folders - Admin');
  });
});
