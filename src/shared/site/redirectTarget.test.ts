import { describe, expect, it } from 'vitest';
import { locationHeader, redirectTarget } from './redirectTarget';

describe('redirectTarget', () => {
  it('keeps the target as it is when the visitor brought no query', () => {
    expect(redirectTarget('/Termin', '')).toBe('/Termin');
    expect(redirectTarget('/Termin?a=1#top', '?')).toBe('/Termin?a=1#top');
  });

  it('carries the visitor’s query over to a path or a full URL', () => {
    expect(redirectTarget('/Termin', '?utm_source=x')).toBe('/Termin?utm_source=x');
    expect(redirectTarget('https://example.com/a', 'utm_source=x&utm_medium=mail')).toBe(
      'https://example.com/a?utm_source=x&utm_medium=mail',
    );
  });

  it('merges with the target’s own query, whose parameters win, and keeps its fragment last', () => {
    expect(redirectTarget('/Termin?lang=de#form', '?utm_source=x&lang=fr')).toBe('/Termin?lang=de&utm_source=x#form');
  });
});

describe('locationHeader', () => {
  it('encodes a target as a browser encodes it: UTF-8, percent-encoded, a path staying a path', () => {
    expect(locationHeader('/Über-uns')).toBe('/%C3%9Cber-uns');
    expect(locationHeader('/Preise in €?für=Sie#oben')).toBe('/Preise%20in%20%E2%82%AC?f%C3%BCr=Sie#oben');
    expect(locationHeader('/Termin?a=1')).toBe('/Termin?a=1');
    expect(locationHeader('/schon%20kodiert')).toBe('/schon%20kodiert');
    expect(locationHeader('https://bücher.example/Über')).toBe('https://xn--bcher-kva.example/%C3%9Cber');
  });

  it('answers nothing a header may not hold: line breaks and tabs are dropped, other controls encoded', () => {
    for (const target of ['/a\r\nSet-Cookie: x=1', '/a\u2028b', '/a\u0000b', 'https://example.com/\tx', '\u0085kaputt'])
      expect(locationHeader(target)).toMatch(/^[\x21-\x7e]+$/);
    expect(locationHeader('/a\r\nSet-Cookie: x=1')).toBe('/aSet-Cookie:%20x=1');
  });
});
