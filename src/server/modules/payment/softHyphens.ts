/** U+00AD: where a word may be hyphenated (typed in German compounds, pasted from word processors). */
const SOFT_HYPHEN = /\u00AD/g;

/** The part of a PDFKit document that draws one line of text (a method PDFKit does not document). */
interface FragmentDrawer {
  _fragment(text: string, ...rest: unknown[]): unknown;
}

/**
 * Makes soft hyphens show only where a line breaks. PDFKit's line wrapper already breaks at a soft hyphen and
 * prints a hyphen there, but draws the soft hyphens inside a line with the standard fonts' hyphen glyph ("Über-gang").
 * Every line PDFKit draws passes through its `_fragment`, after the wrapper chose the breaks: the soft hyphens left
 * in it are inside the line and are dropped there (right-aligned text is measured after that, so it stays aligned).
 */
export function hyphenateOnlyAtLineBreaks(pdf: object): void {
  const drawer = pdf as FragmentDrawer;
  const draw = drawer._fragment;
  // A PDFKit without it would print the hyphens again: fail loudly (the PDF tests run this on every render).
  if (typeof draw !== 'function') throw new Error('PDFKit draws no text through _fragment: soft hyphens would print');
  drawer._fragment = function (text: string, ...rest: unknown[]) {
    return draw.call(this, String(text).replace(SOFT_HYPHEN, ''), ...rest);
  };
}
