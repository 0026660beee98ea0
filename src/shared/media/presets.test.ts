import { describe, expect, it } from 'vitest';
import { imagePresetUrl, imageSources, presetOfUrl } from './presets';

const ID = '66a1f0c2e4b0a1b2c3d4e802';

describe('preset image URLs', () => {
  it('names a preset and a srcSet width by a short path', () => {
    expect(imagePresetUrl(ID, 'favicon')).toBe(`/api/files/p/${ID}/favicon`);
    expect(imagePresetUrl(ID, 'gallery', 480)).toBe(`/api/files/p/${ID}/gallery/480`);
    expect(imageSources(ID, 'menuImage')).toEqual({
      src: `/api/files/p/${ID}/menuImage`,
      srcSet: `/api/files/p/${ID}/menuImage/300 300w, /api/files/p/${ID}/menuImage 600w`,
      width: 600,
      height: 400,
    });
  });

  it('reads the preset back from either form, and nothing from other URLs', () => {
    expect(presetOfUrl(imagePresetUrl(ID, 'favicon'))).toBe('favicon');
    expect(presetOfUrl(imagePresetUrl(ID, 'gallery', 800))).toBe('gallery');
    expect(presetOfUrl(`/api/files/imagePreset?id=${ID}&preset=favicon`)).toBe('favicon');
    expect(presetOfUrl(`/api/files/imagePreset?id=${ID}&preset=nope`)).toBeUndefined();
    expect(presetOfUrl(`/api/files/p/${ID}/nope`)).toBeUndefined();
    expect(presetOfUrl('/favicon.png')).toBeUndefined();
    expect(presetOfUrl('https://example.ch/favicon?preset=favicon')).toBeUndefined();
  });
});
