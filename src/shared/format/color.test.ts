import { describe, it, expect } from 'vitest';
import { colorVariables, hexToHsl, hslCssValue, isHexColor } from './color';

describe('hexToHsl', () => {
  it('converts primaries and greys', () => {
    expect(hexToHsl('#ff0000')).toEqual({ h: 0, s: 100, l: 50 });
    expect(hexToHsl('#00ff00')).toEqual({ h: 120, s: 100, l: 50 });
    expect(hexToHsl('#0000ff')).toEqual({ h: 240, s: 100, l: 50 });
    expect(hexToHsl('#ffffff')).toEqual({ h: 0, s: 0, l: 100 });
    expect(hexToHsl('#000000')).toEqual({ h: 0, s: 0, l: 0 });
    expect(hexToHsl('#808080')).toEqual({ h: 0, s: 0, l: 50 });
  });

  it('rounds a real brand colour (Tailwind blue-700)', () => {
    expect(hexToHsl('#1d4ed8')).toEqual({ h: 224, s: 76, l: 48 });
  });

  it('handles a red-dominant hue with negative wrap', () => {
    // magenta-ish red: max is r, g < b
    expect(hexToHsl('#ff0080')).toEqual({ h: 330, s: 100, l: 50 });
  });

  it('never returns hue 360', () => {
    expect(hexToHsl('#ff0001').h).toBe(0);
  });

  it('accepts short form and any case', () => {
    expect(hexToHsl('#F00')).toEqual(hexToHsl('#ff0000'));
    expect(hexToHsl('#1D4ED8')).toEqual(hexToHsl('#1d4ed8'));
  });

  it('throws a clear error for invalid input', () => {
    expect(() => hexToHsl('1d4ed8')).toThrow(/Invalid hex colour "1d4ed8"/);
    expect(() => hexToHsl('#12345')).toThrow(/#rgb or #rrggbb/);
    expect(() => hexToHsl('#ggg')).toThrow(Error);
    expect(() => hexToHsl('')).toThrow(Error);
  });
});

describe('isHexColor', () => {
  it('tells hex colours apart', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#aabbcc')).toBe(true);
    expect(isHexColor('#aabbccdd')).toBe(false);
    expect(isHexColor('red')).toBe(false);
  });
});

describe('hslCssValue', () => {
  it('is space separated with percent signs', () => {
    expect(hslCssValue('#1d4ed8')).toBe('224 76% 48%');
    expect(hslCssValue('#fff')).toBe('0 0% 100%');
  });
});

describe('colorVariables', () => {
  it('maps each colour to a --color- variable', () => {
    expect(colorVariables({ primary: '#ff0000', background: '#fff' })).toEqual({
      '--color-primary': '0 100% 50%',
      '--color-background': '0 0% 100%',
    });
  });

  it('returns an empty object for no colours', () => {
    expect(colorVariables({})).toEqual({});
  });

  it('throws when any colour is invalid', () => {
    expect(() => colorVariables({ primary: 'blue' })).toThrow(/Invalid hex colour "blue"/);
  });
});
