/**
 * Image presets of spec section 3: one place for the server (sharp) and the renderers (URLs, sizes).
 * `width`/`height` are the target box; `fit` follows sharp (cover crops, inside keeps the whole image).
 */
export interface ImagePreset {
  width: number;
  height?: number;
  fit: 'cover' | 'inside';
  /** Output format; favicons are PNG so every browser takes them. */
  format: 'webp' | 'png';
  /** Smaller widths offered in srcSet (each <= width). */
  srcSetWidths: number[];
}

export const IMAGE_PRESETS = {
  thumbnail: { width: 153, height: 102, fit: 'cover', format: 'webp', srcSetWidths: [] },
  favicon: { width: 64, height: 64, fit: 'cover', format: 'png', srcSetWidths: [] },
  quote: { width: 160, height: 160, fit: 'cover', format: 'webp', srcSetWidths: [] },
  fullWidth: { width: 1920, height: 1080, fit: 'cover', format: 'webp', srcSetWidths: [640, 960, 1280] },
  menuImage: { width: 600, height: 400, fit: 'cover', format: 'webp', srcSetWidths: [300] },
  phonePreview: { width: 390, height: 844, fit: 'cover', format: 'webp', srcSetWidths: [] },
  presentationItem: { width: 960, height: 720, fit: 'cover', format: 'webp', srcSetWidths: [480] },
  gallery: { width: 1400, fit: 'inside', format: 'webp', srcSetWidths: [480, 800, 1100] },
  galleryThumbnail: { width: 300, height: 200, fit: 'cover', format: 'webp', srcSetWidths: [] },
  configurator: { width: 622, height: 350, fit: 'cover', format: 'webp', srcSetWidths: [320] },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;
export const IMAGE_PRESET_NAMES = Object.keys(IMAGE_PRESETS) as ImagePresetName[];

/**
 * URL of a file rendered in a preset, optionally narrower (for srcSet): `/api/files/p/<id>/<preset>`
 * and `/api/files/p/<id>/<preset>/<width>`, short because a srcSet repeats it for every width. The
 * same renderings stay served at `/api/files/imagePreset?id=<id>&preset=<preset>&w=<width>`.
 */
export function imagePresetUrl(fileId: string, preset: ImagePresetName, width?: number): string {
  return `/api/files/p/${encodeURIComponent(fileId)}/${preset}${width ? `/${width}` : ''}`;
}

/** The preset an image URL of either form (see imagePresetUrl) asks for; undefined for any other URL. */
export function presetOfUrl(url: string): ImagePresetName | undefined {
  const name =
    /^\/api\/files\/p\/[^/?#]+\/([A-Za-z]+)(?:\/\d+)?$/.exec(url)?.[1] ??
    (url.startsWith('/api/files/imagePreset?') ? new URLSearchParams(url.split('?')[1]).get('preset') : undefined);
  return name && (IMAGE_PRESET_NAMES as string[]).includes(name) ? (name as ImagePresetName) : undefined;
}

/** `src`, `srcSet` and intrinsic size of a file in a preset: what `GET /api/cms/image` answers and SSR renders. */
export function imageSources(
  fileId: string,
  preset: ImagePresetName,
): { src: string; srcSet: string; width: number; height?: number } {
  const spec: ImagePreset = IMAGE_PRESETS[preset];
  const widths = [...spec.srcSetWidths, spec.width];
  return {
    src: imagePresetUrl(fileId, preset),
    srcSet: widths
      .map((w) => `${w === spec.width ? imagePresetUrl(fileId, preset) : imagePresetUrl(fileId, preset, w)} ${w}w`)
      .join(', '),
    width: spec.width,
    height: spec.height,
  };
}
