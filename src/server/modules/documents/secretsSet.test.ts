import { describe, expect, it } from 'vitest';
import { callerOf } from '../../access/caller';
import { secretsSet } from './secretsSet';

describe('secretsSet', () => {
  const model = {
    fields: [
      { name: 'login', secret: false },
      { name: 'password', secret: true },
      { name: 'masterCode', secret: true, roles: ['admin'] },
    ],
  };
  const admin = callerOf({ _id: 'a', login: 'admin', roles: ['admin'] }, () => []);
  const staff = callerOf({ _id: 's', login: 'sam', roles: ['staff'] }, () => ['manage:cms']);

  it('says which secrets hold a value, never what they hold', () => {
    expect(secretsSet(admin, model, { login: 'a', password: '$argon2id$hash' })).toEqual({
      password: true,
      masterCode: false,
    });
    expect(secretsSet(admin, model, { login: 'a', password: '', masterCode: null })).toEqual({
      password: false,
      masterCode: false,
    });
  });

  it('names only the secrets whose roles the caller holds, and nothing for a model without them', () => {
    expect(secretsSet(staff, model, { password: 'h', masterCode: 'h' })).toEqual({ password: true });
    expect(secretsSet(staff, { fields: [model.fields[0], model.fields[2]] }, { masterCode: 'h' })).toBeUndefined();
    expect(secretsSet(admin, { fields: [model.fields[0]] }, {})).toBeUndefined();
  });
});
