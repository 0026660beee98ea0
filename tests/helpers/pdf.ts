import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';

/** A PGM (P5) image as RGBA pixels, for jsQR. */
function pgmToRgba(bytes: Buffer): { data: Uint8ClampedArray; width: number; height: number } {
  let pos = 0;
  const token = () => {
    while (/\s/.test(String.fromCharCode(bytes[pos]))) pos++;
    let text = '';
    while (!/\s/.test(String.fromCharCode(bytes[pos]))) text += String.fromCharCode(bytes[pos++]);
    return text;
  };
  if (token() !== 'P5') throw new Error('not a binary PGM');
  const width = Number(token());
  const height = Number(token());
  token();
  pos++;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const value = bytes[pos + i];
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = value;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

/**
 * What a person and a bank app see in a PDF: its text (poppler's pdftotext) and the QR codes on its
 * pages, rendered by pdftoppm and decoded with jsQR.
 */
export function inspectPdf(pdf: Buffer): { text: string; codes: string[]; pages: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bk-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    execFileSync('pdftoppm', ['-r', '150', '-gray', file, path.join(dir, 'page')]);
    const pages = readdirSync(dir).filter((name) => name.endsWith('.pgm'));
    const codes = pages.flatMap((name) => {
      const { data, width, height } = pgmToRgba(readFileSync(path.join(dir, name)));
      const found = jsQR(data, width, height);
      return found ? [found.data] : [];
    });
    return { text, codes, pages: pages.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
