import { useMemo, type ReactNode } from 'react';
import { useRedirectStatsQuery } from '../core/data/pages';
import type { Doc } from '../core/data/types';

/** A column a list shows beyond its schema's columns, from another call (not sortable). */
export interface ExtraColumn {
  id: string;
  label: string;
  cell(doc: Doc): ReactNode;
}

/**
 * Extra columns per model. Redirects: how often the public site served each (`GET /api/redirectStats`).
 */
export function useListExtras(model: string): ExtraColumn[] {
  const stats = useRedirectStatsQuery(undefined, { skip: model !== 'redirect' });
  return useMemo(() => {
    if (model !== 'redirect' || !stats.data) return [];
    const counts = new Map(stats.data.map((row) => [row.redirect._id, row.count]));
    return [
      {
        id: 'served',
        label: 'Served',
        cell: (doc: Doc) => (counts.get(doc._id) ?? 0).toLocaleString('de-CH'),
      },
    ];
  }, [model, stats.data]);
}
