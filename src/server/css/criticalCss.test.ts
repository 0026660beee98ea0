import { describe, expect, it } from 'vitest';
import { criticalCss, inUnicodeRange, pageClasses, requiredClasses, requiredTags, shownMarkup } from './criticalCss';

describe('requiredClasses', () => {
  it('unescapes Tailwind class names', () => {
    expect(requiredClasses('.md\\:grid-cols-2')).toEqual(['md:grid-cols-2']);
    expect(requiredClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(requiredClasses('.\\[mask-type\\:alpha\\]')).toEqual(['[mask-type:alpha]']);
  });

  it('requires every class of a compound or descendant selector', () => {
    expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
  });

  it('does not require classes that appear only inside :not(), attributes or multi-branch :is()', () => {
    expect(requiredClasses(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(requiredClasses('.a:not(.b)')).toEqual(['a']);
    expect(requiredClasses('[data-x="a.b"] .c')).toEqual(['c']);
    expect(requiredClasses(':is(.dark,.night) .c')).toEqual(['c']);
  });
});

describe('pageClasses', () => {
  it('reads class attributes with entities decoded', () => {
    expect(pageClasses('<div class="a  b"><p class="[&amp;_p]:mt-2">x</p></div>')).toEqual(
      new Set(['a', 'b', '[&_p]:mt-2']),
    );
  });
});

describe('criticalCss', () => {
  const css = [
    '@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}',
    '@layer utilities{.flex{display:flex}.grid{display:grid}@media (min-width:48rem){.md\\:grid-cols-2{grid-template-columns:1fr 1fr}.md\\:hidden{display:none}}}',
    '.card,.tile{padding:1rem}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
    '@font-face{font-family:Inter;src:url(/inter.woff2)}',
  ].join('');
  const critical = criticalCss(css);

  it('keeps the rules the page can match and drops the others', () => {
    const out = critical('<main class="flex md:grid-cols-2 tile"><h1>Hi</h1></main>');
    expect(out).toContain('.flex{display:flex}');
    expect(out).toContain('.md\\:grid-cols-2');
    expect(out).toContain('box-sizing:border-box');
    expect(out).toContain('h1{font-size:2rem}');
    expect(out).not.toContain('.grid{');
    expect(out).not.toContain('md\\:hidden');
    expect(out).toContain('.tile{padding:1rem}');
    expect(out).not.toContain('.card');
  });

  it('keeps keyframes and font faces whole and drops blocks left empty', () => {
    const out = critical('<p class="none">x</p>');
    expect(out).toContain('@keyframes spin');
    expect(out).toContain('@font-face');
    expect(out).not.toContain('@media');
  });

  it('answers the same text for the same classes, in any order', () => {
    expect(critical('<a class="flex tile">')).toBe(critical('<b class="tile flex">'));
  });
});

describe('requiredTags', () => {
  it('reads type selectors outside pseudo-class arguments and attribute selectors', () => {
    expect(requiredTags('input::placeholder')).toEqual(['input']);
    expect(requiredTags('a svg.lucide:not([fill])')).toEqual(['a', 'svg']);
    expect(requiredTags('abbr:where([title])')).toEqual(['abbr']);
    expect(requiredTags(':is(section) p')).toEqual(['section', 'p']);
    expect(requiredTags('.group:hover .x')).toEqual([]);
    expect(requiredTags('*,:after')).toEqual([]);
  });

  it('ties the pseudo-elements of form controls to a form control', () => {
    expect(requiredTags('::-webkit-datetime-edit')).toEqual(['input|textarea']);
    expect(requiredTags('::placeholder')).toEqual(['input|textarea']);
  });
});

describe('shownMarkup', () => {
  it('leaves out hidden elements and closed dialogs with what they contain', () => {
    const html =
      '<nav class="a"><div hidden="" class="b"><div class="c"></div></div><p class="hidden md:block">x</p>' +
      '<dialog class="d"><p class="e">y</p></dialog><dialog open="" class="f"></dialog></nav>';
    expect(pageClasses(shownMarkup(html))).toEqual(new Set(['a', 'hidden', 'md:block', 'f']));
  });
});

describe('inUnicodeRange', () => {
  it('reads single code points, ranges and wildcards', () => {
    expect(inUnicodeRange('U+??,U+131', 'ü'.codePointAt(0)!)).toBe(true);
    expect(inUnicodeRange('U+??,U+131', 0x131)).toBe(true);
    expect(inUnicodeRange('U+100-2BA', 'ő'.codePointAt(0)!)).toBe(true);
    expect(inUnicodeRange('U+1F??', 0x1f00)).toBe(true);
    expect(inUnicodeRange('U+1F??', 'a'.codePointAt(0)!)).toBe(false);
  });
});

describe('criticalCss of a Tailwind stylesheet', () => {
  const css = [
    '@layer properties{@supports (not (x:y)){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}',
    '@layer theme{:root,:host{--color-brand:hsl(var(--color-primary));--text-lg:1.125rem;--unused:1px}}',
    '@layer base{input::placeholder{opacity:1}::-webkit-datetime-edit{padding:0}ul{list-style:none}h1{font-size:inherit}}',
    '@layer components;',
    '@layer utilities{.text-brand{color:var(--color-brand)}.shadow{box-shadow:var(--tw-shadow)}.text-lg{font-size:var(--text-lg)}',
    '@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}.grid{display:grid}}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-blur{syntax:"*";inherits:false}',
    '@font-face{font-family:Inter;src:url(/latin.woff2);unicode-range:U+??}',
    '@font-face{font-family:Inter;src:url(/cyrillic.woff2);unicode-range:U+400-45F}',
  ].join('');
  const critical = criticalCss(css);
  const out = critical('<ul class="text-brand shadow hover:underline"><li>Grüezi</li></ul>');

  it('keeps the custom properties kept rules read, transitively, and drops the others', () => {
    expect(out).toContain('--color-brand:hsl(var(--color-primary))');
    expect(out).toContain('--tw-shadow:0 0 #0000');
    expect(out).not.toContain('--text-lg');
    expect(out).not.toContain('--unused');
    expect(out).not.toContain('--tw-blur');
  });

  it('answers @property registrations by the properties fallback, for every browser', () => {
    expect(out).not.toContain('@property');
    expect(out).not.toContain('@supports');
    expect(out).toMatch(/^@layer properties\{\*,:before\{--tw-shadow:0 0 #0000\}\}/);
  });

  it('leaves transitions to the whole stylesheet and counts a repeated declaration once', () => {
    const out = criticalCss(
      '.button{color:red;transition-property:color,opacity;transition-duration:var(--tw-duration,.15s);-webkit-text-decoration:inherit;-webkit-text-decoration:inherit;text-decoration:inherit}' +
        '.fade{transition:opacity .2s}.spin{animation:spin 1s infinite}@keyframes spin{to{transform:rotate(1turn)}}' +
        ':root{--tw-duration:.3s}',
    )('<a class="button fade spin">x</a>');
    expect(out).toContain('.button{color:red;-webkit-text-decoration:inherit;text-decoration:inherit}');
    expect(out).not.toContain('transition');
    expect(out).not.toContain('.fade');
    // Nothing reads the duration any more.
    expect(out).not.toContain('--tw-duration');
    expect(out).toContain('.spin{animation:spin 1s infinite}');
    expect(out).toContain('@keyframes spin');
  });

  it('keeps the layer order when a layer loses all its rules', () => {
    const bare = critical('<p>x</p>');
    expect(bare.indexOf('@layer theme')).toBeLessThan(bare.indexOf('@layer base'));
    expect(bare).toMatch(/@layer utilities;/);
  });

  it('drops states only an action brings about, element rules for absent elements, and unneeded font faces', () => {
    expect(out).not.toContain(':hover');
    expect(out).toContain('ul{list-style:none}');
    expect(out).not.toContain('h1{');
    expect(out).not.toContain('placeholder');
    expect(out).not.toContain('datetime');
    expect(out).toContain('/latin.woff2');
    expect(out).not.toContain('/cyrillic.woff2');
    // A page that paints in the fallback font first (the admin's prerendered lists) keeps none.
    expect(criticalCss(css, { fontFaces: false })('<ul class="text-brand"><li>Grüezi</li></ul>')).not.toContain(
      '@font-face',
    );
    expect(critical('<form><input class="x"></form>')).toContain('::-webkit-datetime-edit');
    expect(critical('<p>Привет</p>')).toContain('/cyrillic.woff2');
  });
});
