import { describe, expect, it } from 'vitest';
import { mergeDocuments, resolveConflicts } from './merge';

const para = (text: string) => ({ tag: 'paragraph', props: { text } });
const doc = (elements: unknown[], extra: Record<string, unknown> = {}) => ({ name: 'Home', elements, ...extra });

describe('three-way merge of drafts', () => {
  const base = doc([para('a'), para('b')], { title: 'T' });

  it('merges changes to different fields', () => {
    const mine = { ...base, title: 'Mine' };
    const theirs = { ...base, description: 'Theirs', _version: 4 };
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({ title: 'Mine', description: 'Theirs', _version: 4 });
  });

  it('merges changes to different elements', () => {
    const mine = doc([para('A'), para('b')], { title: 'T' });
    const theirs = doc([para('a'), para('B')], { title: 'T' });
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.elements).toEqual([para('A'), para('B')]);
  });

  it('keeps my edit of an element they moved or when they added elements', () => {
    const mine = doc([para('a'), para('B')], { title: 'T' });
    const theirs = doc([para('new'), para('b'), para('a')], { title: 'T' });
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.elements).toEqual([para('new'), para('B'), para('a')]);
  });

  it('reports the same field changed on both sides, and applies the choice', () => {
    const mine = doc([para('mine'), para('b')], { title: 'T' });
    const theirs = doc([para('theirs'), para('b')], { title: 'T' });
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toEqual([{ path: ['elements', 0, 'props', 'text'], mine: 'mine', theirs: 'theirs' }]);
    expect(merged.elements).toEqual([para('theirs'), para('b')]);
    expect(resolveConflicts(merged, conflicts, ['mine']).elements).toEqual([para('mine'), para('b')]);
  });

  it('reports an element I edited that they deleted as a conflict of the list', () => {
    const mine = doc([para('A'), para('b')], { title: 'T' });
    const theirs = doc([para('b')], { title: 'T' });
    const { conflicts } = mergeDocuments(base, mine, theirs);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].path).toEqual(['elements']);
  });

  it('takes the server fields from their version', () => {
    const { merged } = mergeDocuments({ ...base, _path: '/a' }, { ...base, _path: '/a' }, { ...base, _path: '/b' });
    expect(merged._path).toBe('/b');
  });
});
