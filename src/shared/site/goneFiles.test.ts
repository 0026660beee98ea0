import { describe, expect, it } from 'vitest';
import { referencedFileIds, withoutGoneFiles } from './goneFiles';

const gone = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const kept = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const elements = [
  { tag: 'image', props: { image: { file: gone, alt: 'Team' }, preset: 'fullWidth' } },
  {
    tag: 'gallery',
    props: {
      images: [
        { file: gone, alt: 'a' },
        { file: kept, alt: 'b' },
      ],
    },
  },
  { tag: 'video', props: { file: gone, controls: true } },
  { tag: 'section', props: { children: [{ tag: 'image', props: { image: { file: kept } } }] } },
  { tag: 'paragraph', props: { link: { type: 'PAGE', page: gone } } },
];

describe('referencedFileIds', () => {
  it('collects the ids under a file key, nested too, and nothing else', () => {
    expect(referencedFileIds(elements).sort()).toEqual([gone, kept]);
  });
});

describe('withoutGoneFiles', () => {
  it('drops list items of a gone file and the file of anything else, keeping the rest', () => {
    expect(withoutGoneFiles(elements, new Set([gone]))).toEqual([
      { tag: 'image', props: { image: { alt: 'Team' }, preset: 'fullWidth' } },
      { tag: 'gallery', props: { images: [{ file: kept, alt: 'b' }] } },
      { tag: 'video', props: { controls: true } },
      elements[3],
      elements[4],
    ]);
    expect(elements[0].props.image).toEqual({ file: gone, alt: 'Team' });
    expect(withoutGoneFiles(elements, new Set())).toBe(elements);
  });

  it('answers what it did not change as it is (the editor preview memoises elements by identity)', () => {
    const shown = withoutGoneFiles(elements, new Set([gone]));
    expect(shown[3]).toBe(elements[3]);
    expect(shown[4]).toBe(elements[4]);
    expect(shown[1].props.images?.[0]).toBe(elements[1].props.images?.[1]);
    expect(withoutGoneFiles(elements, new Set(['cccccccccccccccccccccccc']))).toBe(elements);
  });
});
