import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/data/types';
import { bookingFailure, importFailure } from './importFailure';

describe('importFailure', () => {
  it('says nothing was booked when the server refused the import, with its reason', () => {
    const refusal = importFailure(new ApiError(400, 'Nothing was booked: credit 3 of 3 (…) was refused: date: …'));
    // The title says that nothing was booked: the message starts with the credit.
    expect(refusal).toMatchObject({ title: 'Nothing was booked', message: 'Credit 3 of 3 (…) was refused: date: …' });
    // The file itself was refused: the same file would fail again, so no 'Try again'.
    expect(refusal).toMatchObject({ retry: false });
    expect(refusal.hint).toMatch(/^The file is booked as a whole or not at all\. Correct the file/);
    // A conflict (a credit booked meanwhile) or a failing server may pass later: sent again as it is.
    for (const status of [409, 500])
      expect(importFailure({ status, message: 'Internal server error' })).toMatchObject({
        title: 'Nothing was booked',
        message: 'Internal server error',
        retry: true,
        hint: expect.stringMatching(/Try again once the cause is fixed/),
      });
    expect(importFailure(new ApiError(400, 'Bank statement not readable: Not well-formed XML')).message).toBe(
      'Bank statement not readable: Not well-formed XML',
    );
  });

  it("says 'Network error' in the product's words, not the browser's, and that trying again is safe", () => {
    const hint = 'Some credits may be booked already. Try again: a credit already booked is never booked twice.';
    for (const browser of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])
      expect(importFailure(new ApiError(0, browser))).toEqual({
        title: 'Network error',
        message: 'The server could not be reached, or the connection broke before its answer came.',
        hint,
        retry: true,
      });
    expect(importFailure(new TypeError('Failed to fetch')).title).toBe('Network error');
    // A proxy's answer when the server behind it is down (its page is no message for people).
    expect(importFailure(new ApiError(502, '<html><body>Bad Gateway</body></html>'))).toEqual({
      title: 'Network error',
      message: 'Failed with status 502: the server could not be reached.',
      hint,
      retry: true,
    });
    expect(importFailure(new ApiError(504, '504 Gateway Timeout')).title).toBe('Network error');
  });
});

describe('bookingFailure', () => {
  it("gives the server's refusal as it is, a network error in the product's words", () => {
    expect(bookingFailure(new ApiError(409, 'Not booked: Invoice 7 is no longer open'))).toBe(
      'Not booked: Invoice 7 is no longer open',
    );
    expect(bookingFailure({ status: 0, message: 'Failed to fetch' })).toBe(
      'Network error. The server could not be reached, or the connection broke before its answer came. Book it again: a credit already booked is never booked twice.',
    );
  });
});
