import { describe, expect, it } from 'vitest';
import { outsideSubtree } from './tree';

const pages = [
  { id: 'home', parent: undefined },
  { id: 'services', parent: 'home' },
  { id: 'consulting', parent: 'services' },
  { id: 'workshops', parent: 'consulting' },
  { id: 'contact', parent: 'home' },
];
const keep = (self: string, options = pages) =>
  outsideSubtree(
    options,
    self,
    (page) => page.id,
    (page) => page.parent,
  ).map((page) => page.id);

describe('outsideSubtree', () => {
  it('leaves out the document itself and every document below it, however deep', () => {
    expect(keep('services')).toEqual(['home', 'contact']);
    expect(keep('home')).toEqual([]);
    expect(keep('workshops')).toEqual(['home', 'services', 'consulting', 'contact']);
  });

  it('keeps everything for a document that is no option, and ends at a parent the options do not hold or a stored loop', () => {
    expect(keep('new')).toEqual(['home', 'services', 'consulting', 'workshops', 'contact']);
    const partial = [
      { id: 'a', parent: 'missing' },
      { id: 'b', parent: 'c' },
      { id: 'c', parent: 'b' },
    ];
    expect(keep('x', partial)).toEqual(['a', 'b', 'c']);
    expect(keep('b', partial)).toEqual(['a']);
  });
});
