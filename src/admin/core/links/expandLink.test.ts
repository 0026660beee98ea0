import { describe, expect, it } from 'vitest';
import { expandLink } from './expandLink';

describe('expandLink', () => {
  it('fills the placeholders with the encoded fields of the document', () => {
    expect(expandLink('/api/payment/invoice?id={_id}', { _id: '66a1f0c2e4b0a1b2c3d4e5f6' })).toBe(
      '/api/payment/invoice?id=66a1f0c2e4b0a1b2c3d4e5f6',
    );
    expect(expandLink('/api/offer/{id}', { id: 17 })).toBe('/api/offer/17');
    expect(expandLink('/api/x?a={name}&b={id}', { name: 'a b/&', id: 2 })).toBe('/api/x?a=a%20b%2F%26&b=2');
  });

  it('is undefined while a field is missing, empty or the document is new', () => {
    expect(expandLink('/api/offer/{id}', {})).toBeUndefined();
    expect(expandLink('/api/payment/invoice?id={_id}', { _id: 'new' })).toBeUndefined();
    expect(expandLink('/api/payment/invoice?id={_id}', { _id: '' })).toBeUndefined();
    expect(expandLink('/api/offer/{id}', { id: { nested: true } })).toBeUndefined();
  });
});
