import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors';
import { translateRegex } from './regex';

const source = (pattern: string) => translateRegex(pattern, undefined, 'name').source;
const WORD = '[A-Za-z0-9_]';

describe('translateRegex', () => {
  it('keeps what both engines read alike', () => {
    expect(source('^Bas(?:el)?$')).toBe('^Bas(?:el)?$');
    expect(source('a|b*?c{2,3}\\.\\/\\n')).toBe('a|b*?c{2,3}\\.\\/\\n');
    expect(translateRegex('x', 'i', 'name')).toEqual({ source: 'x', insensitive: true });
    expect(translateRegex('x', '', 'name').insensitive).toBe(false);
  });

  it('spells out what the engines read differently', () => {
    expect(source('a.c')).toBe('a[^\\n\\r\\u2028\\u2029]c');
    expect(source('\\d\\w')).toBe('[0-9][A-Za-z0-9_]');
    expect(source('\\W[\\d_]')).toBe('[^A-Za-z0-9_][0-9_]');
    expect(source('\\bfoo')).toBe(`(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))foo`);
    expect(source('\\x41B')).toBe('\\u0041B');
    expect(source('[[:alpha:]]')).toBe('[\\[:alpha:]\\]');
    expect(source('a]}')).toBe('a\\]\\}');
    expect(source('x{02}')).toBe('x{2}');
    expect(source('\\ä')).toBe('ä');
  });

  it.each([
    ['a(?=b)', 'lookarounds and named groups'],
    ['(?<!a)b', 'lookarounds and named groups'],
    ['(?<name>a)', 'lookarounds and named groups'],
    ['(a)\\1', '\\1 is not supported'],
    ['(?<n>a)\\k<n>', 'lookarounds and named groups'],
    ['\\0', '\\0 is not supported'],
    ['\\cJ', '\\c is not supported'],
    ['\\p{L}', '\\p is not supported'],
    ['\\e', '\\e is not supported'],
    ['\\x4', '\\x is not supported'],
    ['\\u{41}', '\\u is not supported'],
    ['[\\W]', '\\W is not supported'],
    ['[]a', 'empty character classes'],
    ['[^]', 'empty character classes'],
    ['a{', 'a literal { must be written \\{'],
    ['a{,3}', 'a literal { must be written \\{'],
    ['a{256}', 'repetition counts above 255'],
    ['[\\d-z]', 'a range next to \\d, \\w or \\s'],
    ['[a-\\w]', 'a range next to \\d, \\w or \\s'],
  ])('refuses %s', (pattern, reason) => {
    expect(() => translateRegex(pattern, undefined, 'name')).toThrow(
      `Unsupported regular expression on name: ${reason}`,
    );
  });

  it('refuses invalid input with a 400', () => {
    for (const [pattern, options] of [
      [5, undefined],
      ['(', undefined],
      ['a'.repeat(201), undefined],
      ['a', 'g'],
      ['a', 'u'],
    ]) {
      expect(() => translateRegex(pattern, options, 'name')).toThrow(HttpError);
    }
  });
});
