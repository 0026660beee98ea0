import { describe, expect, it } from 'vitest';
import { storedSecretsOptional } from './storedSecrets';

describe('storedSecretsOptional', () => {
  const schema = {
    type: 'object' as const,
    required: ['login', 'password'],
    properties: {
      login: { type: 'string' as const },
      password: { type: 'string' as const, writeOnly: true, 'x-secret': 'argon2id' as const },
    },
  };

  it('leaves the secrets out of required and keeps the other required fields', () => {
    expect(storedSecretsOptional(schema).required).toEqual(['login']);
    expect(schema.required).toEqual(['login', 'password']);
  });

  it('answers a schema without required secrets as it is', () => {
    const plain = { ...schema, required: ['login'] };
    expect(storedSecretsOptional(plain)).toBe(plain);
    const none = { type: 'object' as const, properties: {} };
    expect(storedSecretsOptional(none)).toBe(none);
  });
});
