/** What the first bytes of a file say it is; undefined when they say nothing we know. */
export function sniffType(head: Buffer): string | undefined {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (text: string, offset = 0) => head.subarray(offset, offset + text.length).toString('latin1') === text;
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii('GIF87a') || ascii('GIF89a')) return 'image/gif';
  if (ascii('RIFF') && ascii('WEBP', 8)) return 'image/webp';
  if (ascii('RIFF') && ascii('WAVE', 8)) return 'audio/wav';
  if (ascii('RIFF') && ascii('AVI ', 8)) return 'video/x-msvideo';
  if (starts([0x49, 0x49, 0x2a, 0x00]) || starts([0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (ascii('BM') && head.length > 14) return 'image/bmp';
  if (starts([0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (ascii('ftyp', 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
    if (brand.startsWith('qt')) return 'video/quicktime';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    return 'video/mp4';
  }
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii('OggS')) return 'audio/ogg';
  if (ascii('ID3') || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii('%PDF-')) return 'application/pdf';
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (starts([0x1f, 0x8b])) return 'application/gzip';
  if (isText(head)) {
    const text = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()
      .slice(0, 1024)
      .toLowerCase();
    if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(text)) return 'image/svg+xml';
    if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>])/.test(text)) return 'text/html';
    if (/^<\?xml/.test(text)) return 'application/xml';
    if (/^[{[]/.test(text)) return 'application/json';
    return 'text/plain';
  }
  return undefined;
}

/** No NUL and valid UTF-8 apart from a character cut at the end of the head. */
function isText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const bad = decoded.indexOf('\uFFFD');
  return bad === -1 || bad >= decoded.length - 2;
}

/** Types whose declared name must be confirmed by the bytes (an image/png that is not a PNG is refused). */
const STRICT: Record<string, string[]> = {
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/jpg': ['image/jpeg'],
  'image/pjpeg': ['image/jpeg'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'image/avif': ['image/avif'],
  'image/heic': ['image/heic'],
  'image/tiff': ['image/tiff'],
  'image/bmp': ['image/bmp'],
  'image/x-icon': ['image/x-icon'],
  'image/vnd.microsoft.icon': ['image/x-icon'],
  'image/svg+xml': ['image/svg+xml'],
  'application/pdf': ['application/pdf'],
  'video/mp4': ['video/mp4', 'video/quicktime'],
  'video/quicktime': ['video/quicktime', 'video/mp4'],
  'video/webm': ['video/webm'],
  'audio/mpeg': ['audio/mpeg'],
  'audio/ogg': ['audio/ogg'],
  'audio/wav': ['audio/wav'],
  'application/zip': ['application/zip'],
};

/** Declared types that say nothing: the sniffed type replaces them. */
const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** Types never let through under a harmless-looking declared type: they run script when opened. */
const ACTIVE = new Set(['image/svg+xml', 'text/html']);

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

export type TypeVerdict = { ok: true; mimeType: string } | { ok: false; reason: string };

/**
 * The type to store for an upload declared as `declared` whose first bytes are `head`. A strict
 * type must match its magic bytes; active content (SVG, HTML) is stored as what it is, whatever was
 * declared, so it is always served as a sandboxed download.
 */
export function checkType(declared: string, head: Buffer): TypeVerdict {
  const base = declared.split(';')[0].trim().toLowerCase();
  const sniffed = sniffType(head);
  const expected = STRICT[base];
  if (expected) {
    if (!sniffed || !expected.includes(sniffed))
      return { ok: false, reason: `The content is not ${base}${sniffed ? ` (it looks like ${sniffed})` : ''}` };
    return { ok: true, mimeType: base === 'image/jpg' || base === 'image/pjpeg' ? 'image/jpeg' : base };
  }
  if (GENERIC.has(base)) return { ok: true, mimeType: sniffed ?? 'application/octet-stream' };
  if (sniffed && ACTIVE.has(sniffed)) return { ok: true, mimeType: sniffed };
  if (!MIME.test(base)) return { ok: true, mimeType: sniffed ?? 'application/octet-stream' };
  if (base.startsWith('image/') && !sniffed?.startsWith('image/'))
    return { ok: false, reason: `The content is not ${base}` };
  return { ok: true, mimeType: base };
}

/** Raster images sharp can turn into previews and presets. */
export const RASTER_IMAGES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/heic',
]);
