import { describe, expect, it } from 'vitest';
import { ELEMENT_META, iconsOf } from './elementMeta';

describe('the icons an element shows', () => {
  it('are found where its schema has icon values, in lists too, with defaults', () => {
    expect(ELEMENT_META.footer.icons).toEqual(['columns.*.icons.*.icon']);
    expect(ELEMENT_META.paragraph.icons).toEqual([]);
    const columns = [
      { icons: [{ icon: 'mail', href: 'mailto:a@b.ch' }, { icon: 'phone' }] },
      { links: [] },
      { icons: [{ icon: 'linkedin' }] },
    ];
    expect(iconsOf('footer', { columns })).toEqual(['mail', 'phone', 'linkedin']);
    expect(iconsOf('button', { text: 'Los', icon: 'arrow-right' })).toEqual(['arrow-right']);
    // The icon element's default, when the page stores none.
    expect(iconsOf('icon', {})).toEqual(['star']);
    expect(iconsOf('paragraph', { text: 'icon' })).toEqual([]);
    expect(iconsOf('no-such-element', { icon: 'mail' })).toEqual([]);
  });
});
