import { describe, expect, it } from 'vitest';
import { summaryOf } from './summary';

describe('outline summary', () => {
  it('tells elements apart by their title or text, without the inline formatting', () => {
    expect(summaryOf({ tag: 'header', props: { text: 'Unser Angebot' } })).toBe('Unser Angebot');
    expect(summaryOf({ tag: 'paragraph', props: { text: 'Wir sind **schnell**, [mehr](/Termin)' } })).toBe(
      'Wir sind schnell, mehr',
    );
  });

  it('tells images apart by their alternative text, galleries by how many images they show', () => {
    const image = { file: '66b2a0c1e4b0a1b2c3d4e601', alt: 'Blick auf das Münster' };
    expect(summaryOf({ tag: 'image', props: { image } })).toBe('Blick auf das Münster');
    expect(summaryOf({ tag: 'image', props: { image: { file: image.file } } })).toBe('');
    expect(summaryOf({ tag: 'gallery', props: { images: [image, image, image] } })).toBe('3 images');
    expect(summaryOf({ tag: 'gallery', props: { images: [image] } })).toBe('1 image');
    expect(summaryOf({ tag: 'gallery', props: { images: [] } })).toBe('');
  });
});
