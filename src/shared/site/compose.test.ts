import { describe, expect, it } from 'vitest';
import { composeElements, linkedPageIds, walkElements } from './compose';

const node = (tag: string) => ({ tag, props: {} });
const tags = (nodes: { tag: string }[]) => nodes.map((n) => n.tag);

describe('composeElements', () => {
  const page = [node('hero'), node('section'), node('contact')];

  it('puts position <= 0 before the page, >= its length after it, and others between page elements', () => {
    const composed = composeElements(page, [
      { position: 1000, element: node('footer') },
      { position: 0, element: node('navigation') },
      { position: -5, element: node('banner') },
      { position: 2, element: node('quote') },
      { position: 1.5, element: node('spacer') },
    ]);
    expect(tags(composed.before)).toEqual(['navigation', 'banner']);
    expect(tags(composed.main)).toEqual(['hero', 'section', 'quote', 'spacer', 'contact']);
    expect(tags(composed.after)).toEqual(['footer']);
  });

  it('splits by sign when the page has no elements, and works without a layout', () => {
    const composed = composeElements(
      [],
      [
        { position: 0, element: node('navigation') },
        { position: 3, element: node('footer') },
      ],
    );
    expect([tags(composed.before), tags(composed.main), tags(composed.after)]).toEqual([
      ['navigation'],
      [],
      ['footer'],
    ]);
    expect(tags(composeElements(page).main)).toEqual(['hero', 'section', 'contact']);
  });
});

describe('linkedPageIds', () => {
  it('finds PAGE links anywhere in the props, once each', () => {
    const id = '66a1f0c2e4b0a1b2c3d4e611';
    const nodes = [
      {
        tag: 'navigation',
        props: {
          links: [
            { type: 'PAGE', page: id },
            { type: 'URL', href: '/x' },
          ],
        },
      },
      {
        tag: 'section',
        props: { children: [{ tag: 'button', props: { url: { type: 'PAGE', page: id, hash: 'a' } } }] },
      },
      { tag: 'button', props: { url: { type: 'PAGE', page: 'not-an-id' } } },
    ];
    expect(linkedPageIds(nodes)).toEqual([id]);
  });
});

describe('walkElements', () => {
  it('descends into the child slots rendering uses (x-slots), not into other arrays', () => {
    const seen: string[] = [];
    walkElements(
      [
        { tag: 'section', props: { children: [{ tag: 'header', props: { text: 'Titel' } }] } },
        { tag: 'footer', props: { columns: [{ tag: 'paragraph', props: {} }] } },
      ] as never,
      (node) => seen.push(node.tag),
    );
    expect(seen).toEqual(['section', 'header', 'footer']);
  });
});
