/** A word-level difference of two texts, for showing an AI proposal next to the current text. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Words with the whitespace after them, so joining the parts gives the texts back exactly. */
const tokens = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

/** Above this many cells the LCS table is not worth it: the texts are shown as wholly replaced. */
const MAX_CELLS = 4_000_000;

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** Longest common subsequence of words; `removed` parts come from `before`, `added` from `after`. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  if (a.length * b.length > MAX_CELLS) {
    if (before) push(parts, 'removed', before);
    if (after) push(parts, 'added', after);
    return parts;
  }
  const same = (x: string, y: string) => x.trim() === y.trim();
  // lengths[i][j]: LCS of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i][j] = same(a[i], b[j]) ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(a[i], b[j])) {
      push(parts, 'same', b[j]);
      i++;
      j++;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) push(parts, 'removed', a[i++]);
    else push(parts, 'added', b[j++]);
  }
  while (i < a.length) push(parts, 'removed', a[i++]);
  while (j < b.length) push(parts, 'added', b[j++]);
  return parts;
}
