import { describe, expect, it } from 'vitest';
import { secretChangedText, secretStatus } from './secretStatus';

describe('secretStatus', () => {
  it('says a stored secret is kept when the field stays empty', () => {
    expect(secretStatus(true, 'Password', 'User')).toEqual({ set: true, text: 'Set — leave empty to keep it' });
    // Read-only (a user above the caller): nothing to leave empty.
    expect(secretStatus(true, 'Password', 'User', false)).toEqual({ set: true, text: 'Set' });
  });

  it('says who cannot log in while none is stored, by the titles of the model and the field', () => {
    expect(secretStatus(false, 'Password', 'User')).toEqual({
      set: false,
      text: 'Not set: this user cannot log in until a password is set',
    });
    expect(secretStatus(false, 'Access code', 'Device')?.text).toBe(
      'Not set: this device cannot log in until an access code is set',
    );
    expect(secretStatus(false, 'PIN', undefined)?.text).toBe('Not set: this account cannot log in until a PIN is set');
  });

  it('says nothing when the server did not tell', () => {
    expect(secretStatus(undefined, 'Password', 'User')).toBeUndefined();
  });
});

describe('secretChangedText', () => {
  it('tells the signed-in user they stay signed in, and an admin whose sessions ended', () => {
    expect(secretChangedText('Password', 'User', true)).toBe(
      'Password changed. You stay signed in here; your other sessions were signed out.',
    );
    expect(secretChangedText('Password', 'User', false)).toBe(
      'Password changed. Everyone signed in as this user was signed out.',
    );
  });
});
