import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirectTarget';

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
