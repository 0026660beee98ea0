import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/data/types';
import { importFailure } from './importFailure';

describe('importFailure', () => {
  it('says nothing was booked when the server refused the import, with its reason', () => {
    const refusal = importFailure(new ApiError(400, 'Nothing was booked: credit 3 of 3 (…) was refused: date: …'));
    // The title says that nothing was booked: the message starts with the credit.
    expect(refusal).toMatchObject({ title: 'Nothing was booked', message: 'Credit 3 of 3 (…) was refused: date: …' });
    expect(refusal.hint).toMatch(/^The file is booked as a whole or not at all\. Try again/);
    expect(importFailure({ status: 500, message: 'Internal server error' })).toMatchObject({
      title: 'Nothing was booked',
      message: 'Internal server error',
    });
    expect(importFailure(new ApiError(400, 'Bank statement not readable: Not well-formed XML')).message).toBe(
      'Bank statement not readable: Not well-formed XML',
    );
  });

  it('claims nothing when no answer came (the booking may have happened), and says trying again is safe', () => {
    const lost = importFailure({ status: 0, message: 'Failed to fetch' });
    expect(lost).toEqual({
      title: 'No answer from the server',
      message: 'Failed to fetch',
      hint: 'Some credits may be booked already. Try again: a credit already booked is never booked twice.',
    });
  });
});
