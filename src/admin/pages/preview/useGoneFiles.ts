import { useMemo } from 'react';
import { referencedFileIds } from '../../../shared/site/goneFiles';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { useFindQuery } from '../../core/data/api';

const NONE: ReadonlySet<string> = new Set();

/**
 * The files the elements name that no longer exist (deleted after they were chosen): the preview shows the
 * elements without them, as the public site serves them (shared/site/goneFiles.ts), not as a broken image.
 * Asked again only when the set of named files changes; a file just chosen counts as there until answered.
 */
export function useGoneFiles(elements: unknown, layoutElements?: unknown): ReadonlySet<string> {
  const key = useMemo(
    () => referencedFileIds([elements, layoutElements]).sort().slice(0, OPTION_LIMIT).join(','),
    [elements, layoutElements],
  );
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  const { currentData } = useFindQuery(
    { model: 'file', params: { query: { _id: { $in: ids } }, fields: ['_id'], limit: ids.length } },
    { skip: ids.length === 0 },
  );
  return useMemo(() => {
    if (!currentData) return NONE;
    const present = new Set(currentData.results.map((file) => String(file._id)));
    const gone = ids.filter((id) => !present.has(id));
    return gone.length ? new Set(gone) : NONE;
  }, [currentData, ids]);
}
