import { describe, expect, it } from 'vitest';
import { criticalCss, pageClasses, requiredClasses } from './criticalCss';

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
