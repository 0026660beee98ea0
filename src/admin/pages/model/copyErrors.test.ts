import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/data/types';
import { checkCopyFields, copyErrorsOf, errorsAfterChange, fieldToFocus } from './copyErrors';

const FIELDS = ['name', 'title', '_parent'];

describe('copy-page errors', () => {
  it('asks for a name before sending (blank counts as none)', () => {
    expect(checkCopyFields({ name: 'Termin copy' })).toBeUndefined();
    expect(checkCopyFields({ name: '   ' })).toEqual({ name: expect.stringContaining('Give the copy a name') });
    expect(checkCopyFields({})).toHaveProperty('name');
  });

  it("puts the server's field errors on their fields, anything else on the copy as a whole", () => {
    const clash = new ApiError(409, 'The page “Termin” already has the path /Termin: choose another name', {
      name: 'The page “Termin” already has the path /Termin',
    });
    expect(copyErrorsOf(clash)).toEqual({ name: 'The page “Termin” already has the path /Termin' });
    expect(copyErrorsOf(new ApiError(403, 'Not allowed'))).toEqual({ '': 'Not allowed' });
    expect(copyErrorsOf(new ApiError(400, 'Bad', {}))).toEqual({ '': 'Bad' });
    expect(copyErrorsOf(new TypeError('Failed to fetch'))).toEqual({ '': 'Failed to fetch' });
  });

  it('focuses the first field of the form that has an error, none for the copy as a whole', () => {
    expect(fieldToFocus({ _parent: 'gone', name: 'taken' }, FIELDS)).toBe('_parent');
    expect(fieldToFocus({ 'name.0': 'x' }, FIELDS)).toBe('name');
    expect(fieldToFocus({ '': 'Not allowed', elements: 'bad' }, FIELDS)).toBeUndefined();
  });

  it("drops a field's error when that field changes, keeps the others", () => {
    const errors = { name: 'taken', _parent: 'gone', '': 'whole' };
    expect(errorsAfterChange(errors, { name: 'A', _parent: 'p' }, { name: 'B', _parent: 'p' })).toEqual({
      _parent: 'gone',
      '': 'whole',
    });
    expect(errorsAfterChange(errors, { name: 'A' }, { name: 'A' })).toEqual(errors);
  });
});
