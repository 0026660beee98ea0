/** A closing line of a German or English business letter ("Freundliche Grüsse", "Mit freundlichen Grüßen", "Kind regards"). */
const CLOSING =
  /^(mit\s+)?(freundlichen?|besten?|herzlichen?|liebe|sonnige|viele)\s+gr(ü|ue)(ss|ß)(e|en)\b|^gr(ü|ue)(ss|ß)e\b|^(kind|best|warm)\s+regards\b|^(yours\s+)?sincerely\b/i;

/**
 * An offer's text split around its items: the letter's greeting and closing ("Freundliche Grüsse" and the
 * lines after it) belong under the items and totals, the rest above them. A text without a closing stays whole.
 */
export function splitLetterText(text: string): { intro: string; closing: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const at = lines.findIndex((line) => CLOSING.test(line.trim()));
  if (at < 0) return { intro: text.trim(), closing: '' };
  return { intro: lines.slice(0, at).join('\n').trim(), closing: lines.slice(at).join('\n').trim() };
}
