import { describe, expect, it } from 'vitest';
import { slug } from './paths';

describe('slug', () => {
  it('keeps the letters of every script, composed (NFC), and drops punctuation and symbols', () => {
    expect(slug('Über uns')).toBe('Über-uns');
    expect(slug('Łódź Software Sp. z o.o.')).toBe('Łódź-Software-Sp.-z-o.o.');
    expect(slug('Café «Rhône» & Söhne')).toBe('Café-Rhône-Söhne');
    expect(slug(`O'Brien "Quote" <b>x</b>`)).toBe('OBrien-Quote-bx-b');
    expect(slug('日本語テスト')).toBe('日本語テスト');
    expect(slug('emoji 🚀 Team')).toBe('emoji-Team');
    expect(slug('🚀')).toBe('page');
    // A decomposed é (e + U+0301, as macOS writes names) is the same segment as the composed one.
    expect(slug('e\u0301clair')).toBe('\u00e9clair');
  });

  it('keeps combining marks that have no composed letter (Hindi vowel signs and viramas, Arabic vowels)', () => {
    expect(slug('हिन्दी सेवाएँ')).toBe('हिन्दी-सेवाएँ');
    expect(slug('اَلْعَرَبِيَّة')).toBe('اَلْعَرَبِيَّة');
    expect(slug('Dịch vụ')).toBe('Dịch-vụ');
  });
});
