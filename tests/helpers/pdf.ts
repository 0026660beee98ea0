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
export function inspectPdf(pdf: Buffer): {
  text: string;
  codes: string[];
  pages: number;
  /** The 1-based page of each code in `codes`. */
  codePages: number[];
  /** pdfinfo's page size line, e.g. `595.28 x 841.89 pts (A4)`. */
  pageSize: string;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'bk-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    execFileSync('pdftoppm', ['-r', '150', '-gray', file, path.join(dir, 'page')]);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pageSize = /^Page size:\s+(.+)$/m.exec(info)?.[1].trim() ?? '';
    // pdftoppm names pages page-1.pgm … (zero-padded to the page count's width): numeric order.
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith('.pgm'))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]));
    const found = pages.flatMap((name, index) => {
      const { data, width, height } = pgmToRgba(readFileSync(path.join(dir, name)));
      const code = jsQR(data, width, height);
      return code ? [{ data: code.data, page: index + 1 }] : [];
    });
    return {
      text,
      codes: found.map((code) => code.data),
      codePages: found.map((code) => code.page),
      pages: pages.length,
      pageSize,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
