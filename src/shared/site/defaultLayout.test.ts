import { describe, expect, it } from 'vitest';
import { defaultLayout } from './defaultLayout';

describe('defaultLayout (of a new page)', () => {
  it("takes the parent page's layout, else the home page's", () => {
    expect(defaultLayout(['std', 'landing'], { parent: 'landing', home: 'std' })).toBe('landing');
    expect(defaultLayout(['std', 'landing'], { parent: undefined, home: 'std' })).toBe('std');
    expect(defaultLayout(['std', 'landing'], { parent: null, home: 'landing' })).toBe('landing');
  });

  it('skips a layout that no longer exists, and takes the only layout when no page says', () => {
    expect(defaultLayout(['std', 'landing'], { parent: 'gone', home: 'std' })).toBe('std');
    expect(defaultLayout(['std'], { parent: 'gone' })).toBe('std');
    expect(defaultLayout(['std'], {})).toBe('std');
  });

  it('gives none with several layouts and no page to follow, or with no layout at all', () => {
    expect(defaultLayout(['std', 'landing'], {})).toBeUndefined();
    expect(defaultLayout([], { home: 'std' })).toBeUndefined();
  });
});
