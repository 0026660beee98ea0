import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './richText';

describe('sanitizeRichHtml', () => {
  it('keeps e-mail formatting and the document structure', () => {
    const html =
      '<!doctype html><html lang="de"><body style="font-family:Arial"><p>Guten Tag <strong>Anna</strong></p><table><tr><td bgcolor="#eee">1</td></tr></table><a href="https://example.ch">Link</a></body></html>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, frames and unsafe links', () => {
    const dirty =
      '<p onclick="alert(1)">Hallo<script>alert(2)</script></p><iframe src="https://evil.example"></iframe><a href="javascript:alert(3)">x</a><img src="x" onerror="alert(4)"><form action="/x"><input name="a"></form>';
    const clean = sanitizeRichHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|javascript:|<form|<input/i);
    expect(clean).toContain('<p>Hallo</p>');
  });
});
