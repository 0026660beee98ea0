/**
 * The spec's rule, applied literally: a final "y" becomes "ies", anything else gets "s"
 * (category -> categories, pageDraft -> pageDrafts, formData -> formDatas).
 * Words with a vowel before the y come out wrong ("key" -> "keies"); such models declare `x-plural`.
 */
export function pluralize(word: string): string {
  if (word === '') return '';
  return word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`;
}

/** Admin route of a model list, or of one item when `id` is given (an id or "new"). */
export function modelRoute(plural: string, id?: string): string {
  return id === undefined || id === '' ? `/_/${plural}` : `/_/${plural}/${encodeURIComponent(id)}`;
}
