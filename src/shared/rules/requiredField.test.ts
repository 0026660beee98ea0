import { describe, it, expect } from 'vitest';
import { requiredFieldMessage } from './requiredField';

describe('requiredFieldMessage', () => {
  it('names the field', () => {
    expect(requiredFieldMessage('E-Mail')).toBe('Feld E-Mail ist erforderlich');
  });
});
