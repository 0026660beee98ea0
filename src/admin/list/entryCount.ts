/**
 * The count under a list's title: `1 entry`, `1.234 entries`, `≈ 120.000 entries` when the API estimated it,
 * and `0 entries` for an empty list or a search without matches (the header keeps its height while searching).
 */
export function entryCount(total: number, estimated = false): string {
  return `${estimated ? '≈ ' : ''}${total.toLocaleString('de-CH')} ${total === 1 ? 'entry' : 'entries'}`;
}
