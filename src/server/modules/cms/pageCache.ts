import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { scriptHash } from '../../securityHeaders';

/** A rendered answer of the site: the HTML page (200 or 404) or a redirect. */
export interface CachedAnswer {
  status: number;
  location?: string;
  body: Buffer;
  etag: string;
  /** The CSP sources (`sha256-…`) of the inline scripts the renderer wrote into the page. */
  scriptHashes: string[];
  /** Compressed bodies, made once on first demand. */
  gzip?: Buffer;
  br?: Buffer;
}

export function cachedAnswer(status: number, body: string, location?: string, scripts: string[] = []): CachedAnswer {
  const bytes = Buffer.from(body, 'utf8');
  return {
    status,
    location,
    body: bytes,
    scriptHashes: scripts.map(scriptHash),
    etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`,
  };
}

/** The best encoding of an answer for an Accept-Encoding header (compressed once, then kept). */
export function encoded(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (answer.body.length < 1024 || !acceptEncoding) return { body: answer.body };
  if (/\bbr\b/.test(acceptEncoding)) {
    answer.br ??= brotliCompressSync(answer.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length },
    });
    return { body: answer.br, encoding: 'br' };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    answer.gzip ??= gzipSync(answer.body, { level: 9 });
    return { body: answer.gzip, encoding: 'gzip' };
  }
  return { body: answer.body };
}

/**
 * Rendered pages of anonymous visitors by origin and path. Cleared as a whole on any change of a
 * page, layout, site configuration or redirect (they are few and rendering one takes milliseconds);
 * bounded so that requests for many distinct paths cannot grow it without limit.
 */
export class PageCache {
  private readonly answers = new Map<string, CachedAnswer>();

  constructor(private readonly maxEntries = 1000) {}

  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  /** Changes on every clear: an answer rendered from data older than the last clear is not stored. */
  generation = 0;

  set(key: string, answer: CachedAnswer, generation: number): void {
    if (generation !== this.generation) return;
    if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
  }

  clear(): void {
    this.generation++;
    this.answers.clear();
  }

  get size(): number {
    return this.answers.size;
  }
}
