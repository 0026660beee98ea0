import { describe, it, expect } from 'vitest';
import { imageIdFromSrc } from './imageId';

const id = '66a1f0c2e4b0a1b2c3d4e5f6';

describe('imageIdFromSrc', () => {
  it('finds the id in a query value', () => {
    expect(imageIdFromSrc(`/api/files/imagePreset?id=${id}&preset=gallery`)).toBe(id);
    expect(imageIdFromSrc(`/api/files/imagePreset?preset=gallery&id=${id}`)).toBe(id);
    expect(imageIdFromSrc(`/api/files/p/${id}/gallery/480`)).toBe(id);
  });

  it('finds the id as a path segment', () => {
    expect(imageIdFromSrc(`/files/${id}/x.jpg`)).toBe(id);
    expect(imageIdFromSrc(`/files/${id}`)).toBe(id);
  });

  it('accepts an id with a file extension', () => {
    expect(imageIdFromSrc(`/uploads/${id}.webp`)).toBe(id);
  });

  it('ignores the origin and the hash', () => {
    expect(imageIdFromSrc(`https://example.com/files/${id}/x.jpg#top`)).toBe(id);
    expect(imageIdFromSrc(`//cdn.example.com/files/${id}`)).toBe(id);
    expect(imageIdFromSrc(`/files/x.jpg#${id}`)).toBeNull();
  });

  it('returns the first id when there are several', () => {
    const other = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    expect(imageIdFromSrc(`/files/${other}/x.jpg?id=${id}`)).toBe(other);
  });

  it('rejects longer hex runs and uppercase', () => {
    expect(imageIdFromSrc(`/files/${id}0/x.jpg`)).toBeNull();
    expect(imageIdFromSrc(`/files/0${id}`)).toBeNull();
    expect(imageIdFromSrc(`/files/${id.toUpperCase()}/x.jpg`)).toBeNull();
    expect(imageIdFromSrc(`/files/66A1f0c2e4b0a1b2c3d4e5f6`)).toBeNull();
  });

  it('rejects ids embedded in other text', () => {
    expect(imageIdFromSrc(`/files/photo-${id}.jpg`)).toBeNull();
    expect(imageIdFromSrc(`/files/x.jpg?name=img${id}`)).toBeNull();
  });

  it('returns null when there is no id', () => {
    expect(imageIdFromSrc('/images/logo.png')).toBeNull();
    expect(imageIdFromSrc('')).toBeNull();
    expect(imageIdFromSrc('/files/new')).toBeNull();
  });
});
