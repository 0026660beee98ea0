import { describe, expect, it } from 'vitest';
import { splitLetterText } from './letterText';

describe('splitLetterText', () => {
  it('moves the closing and the lines after it under the items', () => {
    expect(
      splitLetterText(
        'Sehr geehrte Frau Burckhardt\n\nGerne offerieren wir Ihnen:\n\nFreundliche Grüsse\nRhein Consulting',
      ),
    ).toEqual({
      intro: 'Sehr geehrte Frau Burckhardt\n\nGerne offerieren wir Ihnen:',
      closing: 'Freundliche Grüsse\nRhein Consulting',
    });
    expect(splitLetterText('Hallo\r\n\r\nMit freundlichen Grüßen\r\nAnna').closing).toBe(
      'Mit freundlichen Grüßen\nAnna',
    );
    expect(splitLetterText('Dear Ms Keller\n\nKind regards,\nAnna').closing).toBe('Kind regards,\nAnna');
  });

  it('keeps a text without a closing whole, and a greeting inside a sentence where it is', () => {
    expect(splitLetterText('Gerne offerieren wir Ihnen folgendes Angebot.\n')).toEqual({
      intro: 'Gerne offerieren wir Ihnen folgendes Angebot.',
      closing: '',
    });
    expect(splitLetterText('Wir senden Ihnen freundliche Grüsse aus Basel.').closing).toBe('');
  });
});
