import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../shared/validation/createAjv';
import { keptSecrets, withoutKeptSecrets } from './keptSecrets';

const fields = [
  { name: 'login', secret: false },
  { name: 'password', secret: true },
];

describe('keptSecrets', () => {
  it('names a stored secret the write leaves as it is', () => {
    expect(keptSecrets(fields, { login: 'a', password: 'hash' }, { login: 'b', password: 'hash' })).toEqual(
      new Set(['password']),
    );
  });

  it('keeps nothing on create, or on a new secret', () => {
    expect(keptSecrets(fields, { login: 'a' }, undefined)).toEqual(new Set());
    expect(keptSecrets(fields, { password: 'new-one' }, { password: 'hash' })).toEqual(new Set());
    expect(keptSecrets(fields, { password: 'new-one' }, { login: 'a' })).toEqual(new Set());
  });

  it('keeps the absence of a secret an update leaves out (a user stored without a password)', () => {
    expect(keptSecrets(fields, { login: 'a' }, { login: 'a' })).toEqual(new Set(['password']));
  });
});

describe('withoutKeptSecrets', () => {
  const validate = createAjv().compile({
    type: 'object',
    required: ['login', 'password'],
    properties: { login: { type: 'string' }, password: { type: 'string', minLength: 8 } },
  });

  it('drops only the missing kept secret', () => {
    expect(validate({})).toBe(false);
    const left = withoutKeptSecrets(validate.errors, new Set(['password']));
    expect(left.map((error) => error.params)).toEqual([{ missingProperty: 'login' }]);
  });

  it('keeps every other error, and a missing secret that is not kept', () => {
    expect(validate({ login: 'a', password: 'short' })).toBe(false);
    expect(withoutKeptSecrets(validate.errors, new Set(['password']))).toHaveLength(1);
    expect(validate({ login: 'a' })).toBe(false);
    expect(withoutKeptSecrets(validate.errors, new Set())).toHaveLength(1);
  });
});
