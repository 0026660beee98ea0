import { describe, expect, it } from 'vitest';
import { parseInline, parseInlineText, safeHref, phoneLinkClass } from './inlineMarkup';

describe('parseInline', () => {
  it('parses bold, italic, strikethrough and code', () => {
    expect(parseInline('a **b** *c* ~~d~~ `e*f*`')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'del', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'e*f*' },
    ]);
  });

  it('nests formatting', () => {
    expect(parseInline('**fett *und kursiv* bleibt**')).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'fett ' },
          { type: 'em', children: [{ type: 'text', text: 'und kursiv' }] },
          { type: 'text', text: ' bleibt' },
        ],
      },
    ]);
  });

  it('keeps unmatched or spaced markers as text', () => {
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(parseInline('**offen')).toEqual([{ type: 'text', text: '**offen' }]);
    expect(parseInline('a ` b')).toEqual([{ type: 'text', text: 'a ` b' }]);
  });

  it('parses links; http addresses open in a new tab', () => {
    expect(parseInline('[Leistungen](/Leistungen) und [Karte](https://example.ch/a_(b))')).toEqual([
      { type: 'link', href: '/Leistungen', external: false, children: [{ type: 'text', text: 'Leistungen' }] },
      { type: 'text', text: ' und ' },
      { type: 'link', href: 'https://example.ch/a_(b)', external: true, children: [{ type: 'text', text: 'Karte' }] },
    ]);
  });

  it('formats link labels but never nests links', () => {
    const nested = parseInline('[a [x](/y)](/z)');
    const links = nested.filter((node) => node.type === 'link');
    for (const link of links)
      expect(link.type === 'link' && link.children.some((child) => child.type === 'link')).toBe(false);
    expect(parseInline('[**fett**](/z)')).toEqual([
      {
        type: 'link',
        href: '/z',
        external: false,
        children: [{ type: 'strong', children: [{ type: 'text', text: 'fett' }] }],
      },
    ]);
  });

  it('rejects javascript: and data: links, keeping the label as text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
    ]) {
      expect(parseInline(`[klick](${href})`), href).toEqual([{ type: 'text', text: 'klick' }]);
    }
    // Whitespace inside the address: not a link at all.
    expect(parseInline('[klick](java\tscript:alert(1))').some((node) => node.type === 'link')).toBe(false);
  });

  it('keeps HTML as literal text', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
  });

  it('honours backslash escapes', () => {
    expect(parseInline('\\*kein kursiv\\*')).toEqual([{ type: 'text', text: '*kein kursiv*' }]);
  });
});

describe('parseInlineText', () => {
  it('turns newlines into breaks and "> " lines into block quotes', () => {
    expect(parseInlineText('Zeile 1\nZeile 2\n> Zitat a\n> Zitat b\nEnde')).toEqual([
      {
        type: 'paragraph',
        children: [{ type: 'text', text: 'Zeile 1' }, { type: 'break' }, { type: 'text', text: 'Zeile 2' }],
      },
      {
        type: 'quote',
        children: [{ type: 'text', text: 'Zitat a' }, { type: 'break' }, { type: 'text', text: 'Zitat b' }],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'Ende' }] },
    ]);
  });

  it('gives nothing for empty text', () => {
    expect(parseInlineText('')).toEqual([]);
    expect(parseInlineText(undefined)).toEqual([]);
  });
});

describe('safeHref', () => {
  it('allows http(s), mailto, tel and relative addresses', () => {
    for (const href of [
      'https://a.ch',
      'http://a.ch',
      'mailto:a@b.ch',
      'tel:+41',
      '/Kontakt',
      '#kontakt',
      '?a=1',
      'Unterseite',
    ]) {
      expect(safeHref(href)).toBe(href);
    }
  });
  it('rejects other schemes', () => {
    expect(safeHref('javascript:void(0)')).toBeNull();
    expect(safeHref(' \u0000javascript:x')).toBeNull();
    expect(safeHref('file:///etc/passwd')).toBeNull();
  });
});

describe('phoneLinkClass', () => {
  it('keeps a phone number on one line, and nothing else', () => {
    expect(phoneLinkClass('tel:+41615550000')).toBe('whitespace-nowrap');
    expect(phoneLinkClass('TEL:+41')).toBe('whitespace-nowrap');
    expect(phoneLinkClass('mailto:hallo@example.ch')).toBe('');
    expect(phoneLinkClass(undefined)).toBe('');
  });
});
