import type { Readable } from 'node:stream';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { IMAGE_PRESETS, type ImagePreset, type ImagePresetName } from '../../../shared/media/presets';
import { HttpError } from '../../errors';

/** Above this many pixels an image is refused (a 20 kB PNG can claim 50 000 x 50 000: a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;

// Operation caching only helps repeated identical pipelines; derivatives are cached as blobs instead.
sharp.cache(false);

export const tooLarge = (pixels: number) =>
  new HttpError(422, `The image is too large (${pixels} pixels, at most ${MAX_IMAGE_PIXELS})`);

/** Header facts of an image without decoding it; throws 422 for a bomb or something sharp cannot read. */
export async function probeImage(input: string | Buffer): Promise<{ width: number; height: number; format: string }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, 'The image cannot be read');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) throw tooLarge(width * height);
  return { width, height, format: meta.format ?? 'unknown' };
}

/** Widths a preset is offered in: the srcSet widths and its own. Anything else is refused (no cache blow-up). */
export function presetWidths(preset: ImagePreset): number[] {
  return [...preset.srcSetWidths, preset.width];
}

/** The blob key of a preset rendering (`w` absent: the preset's own width). */
export function presetKey(fileId: string, name: ImagePresetName, w?: number): string {
  const spec: ImagePreset = IMAGE_PRESETS[name];
  const width = w && w !== spec.width ? `@${w}` : '';
  return `preset/${fileId}/${name}${width}.${spec.format}`;
}

/** Renders `source` in a preset (at width `w`, keeping the preset's aspect ratio). */
export async function renderPreset(
  source: Readable | Buffer | string,
  name: ImagePresetName,
  w?: number,
): Promise<Buffer> {
  const spec: ImagePreset = IMAGE_PRESETS[name];
  const scale = w && w < spec.width ? w / spec.width : 1;
  const width = Math.round(spec.width * scale);
  const height = spec.height ? Math.round(spec.height * scale) : undefined;
  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true };
  const input = Buffer.isBuffer(source) || typeof source === 'string' ? sharp(source, options) : sharp(options);
  const resized = input.rotate().resize({ width, height, fit: spec.fit, withoutEnlargement: spec.fit === 'inside' });
  const output =
    spec.format === 'png' ? resized.png({ compressionLevel: 6 }) : resized.webp({ quality: 80, effort: 2 });
  try {
    if (!(Buffer.isBuffer(source) || typeof source === 'string')) source.pipe(output);
    return await output.toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message))
      throw new HttpError(422, `The image is too large (at most ${MAX_IMAGE_PIXELS} pixels)`);
    throw new HttpError(422, `The image cannot be converted: ${message.slice(0, 200)}`);
  }
}
