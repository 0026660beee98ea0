import type { ColumnSpec } from './columns';

/** Which columns a list row shows as a phone's two-line card (`x-compact`), by field. */
export interface ListCard {
  /** The first line's text: the label field, or the first column when the label is no column. */
  title: string;
  /** At the right of the first line: the first right-aligned compact column (an invoice's total). */
  trailing?: string;
  /** The second line, in column order (client, date, status). */
  details: string[];
}

type CardColumn = Pick<ColumnSpec, 'field' | 'align'> & { info: Pick<ColumnSpec['info'], 'compact'> };

/**
 * The card of a list row under 640 px, from the schema: a phone shows what tells documents apart and what
 * matters at a glance without scrolling sideways; the desktop table keeps every column. Without columns
 * marked `x-compact`, the two after the title.
 */
export function listCard(columns: readonly CardColumn[], labelField: string): ListCard {
  const title = columns.some((column) => column.field === labelField) ? labelField : (columns[0]?.field ?? labelField);
  const others = columns.filter((column) => column.field !== title);
  const marked = others.filter((column) => column.info.compact);
  const shown = marked.length ? marked : others.slice(0, 2);
  const trailing = shown.find((column) => column.align === 'right')?.field;
  return {
    title,
    ...(trailing ? { trailing } : {}),
    details: shown.map((column) => column.field).filter((field) => field !== trailing),
  };
}
