import type { Queryable } from '../../db/database';
import { ident, sql } from '../../db/sql';
import { derivedColumnName } from '../../db/tables';

/**
 * `_parent` of files and folders as its derived column: the schemas make it a nullable relation id,
 * so the table has the column and its index, which serve the child counts below.
 */
const PARENT = ident(derivedColumnName('_parent', 'text')!);

/** The SQL of the files module that the generic document repository has no method for. */
export class FilesRepository {
  constructor(private readonly q: Queryable) {}

  /** Sets a folder's `childCount` from the live children (self-healing; no version bump, the field is read-only). */
  async recountChildren(folderId: string): Promise<void> {
    await this.q.query(sql`
      UPDATE doc_folder SET doc = jsonb_set(doc, '{childCount}', to_jsonb(
        (SELECT count(*) FROM doc_folder c WHERE c.${PARENT} = ${folderId} AND c.deleted_at IS NULL) +
        (SELECT count(*) FROM doc_file f WHERE f.${PARENT} = ${folderId} AND f.deleted_at IS NULL)))
      WHERE _id = ${folderId}`);
  }

  async hasChildren(folderId: string): Promise<boolean> {
    const { rows } = await this.q.query<{ found: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM doc_folder WHERE ${PARENT} = ${folderId} AND deleted_at IS NULL)
          OR EXISTS (SELECT 1 FROM doc_file WHERE ${PARENT} = ${folderId} AND deleted_at IS NULL) AS found`);
    return rows[0]?.found === true;
  }

  /** Moves the path fields of everything below a renamed or moved folder: one statement per table. */
  async rebaseDescendants(folderId: string, tree: string[], segments: string[]): Promise<void> {
    for (const table of [sql`doc_folder`, sql`doc_file`]) {
      await this.q.query(sql`
        WITH moved AS (
          SELECT _id, pos, doc FROM ${table}, LATERAL (
            SELECT (ord - 1)::int AS pos FROM jsonb_array_elements_text(doc->'_tree') WITH ORDINALITY AS t(id, ord) WHERE id = ${folderId}
          ) found
          WHERE doc->'_tree' @> ${JSON.stringify([folderId])}::jsonb AND deleted_at IS NULL
        ), rebuilt AS (
          SELECT _id,
            ${JSON.stringify([...tree, folderId])}::jsonb || COALESCE((SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements(doc->'_tree') WITH ORDINALITY AS x(e, i) WHERE i > pos + 1), '[]'::jsonb) AS tree,
            ${JSON.stringify(segments)}::jsonb || COALESCE((SELECT jsonb_agg(e ORDER BY i) FROM jsonb_array_elements(doc->'_pathSegments') WITH ORDINALITY AS x(e, i) WHERE i > pos + 1), '[]'::jsonb) AS segments
          FROM moved
        )
        UPDATE ${table} t SET
          doc = t.doc || jsonb_build_object('_tree', r.tree, '_pathSegments', r.segments,
            '_path', '/' || (SELECT string_agg(s, '/' ORDER BY i) FROM jsonb_array_elements_text(r.segments) WITH ORDINALITY AS y(s, i))),
          updated_at = now(), version = t.version + 1
        FROM rebuilt r WHERE t._id = r._id`);
    }
  }

  /** Bytes and counts of the live files and folders. */
  async usage(): Promise<{ bytes: number; files: number; folders: number }> {
    const { rows } = await this.q.query<{ bytes: string | number | null; files: number; folders: number }>(sql`
      SELECT (SELECT COALESCE(sum((doc->>'size')::bigint), 0) FROM doc_file WHERE deleted_at IS NULL) AS bytes,
             (SELECT count(*)::int FROM doc_file WHERE deleted_at IS NULL) AS files,
             (SELECT count(*)::int FROM doc_folder WHERE deleted_at IS NULL) AS folders`);
    const row = rows[0];
    return { bytes: Number(row?.bytes ?? 0), files: row?.files ?? 0, folders: row?.folders ?? 0 };
  }

  /** Ids of every file document, deleted ones included (their bytes are kept for a restore). */
  async fileIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.q.query<{ _id: string }>(
      sql`SELECT _id FROM doc_file WHERE _id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`,
    );
    return new Set(rows.map((r) => r._id));
  }
}
