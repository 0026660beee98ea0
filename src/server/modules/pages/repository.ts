import type { Queryable } from '../../db/database';
import { sql } from '../../db/sql';
import { table } from '../../db/tables';
import { rowToDoc, COLUMNS, type Row } from '../documents/repository';
import type { Doc } from '../documents/service';

/**
 * The page editor's SQL on the page, page draft and redirect tables: lookups by path, a page's
 * subtree, and the redirects kept when live paths move. Runs inside the document write's transaction.
 */
export class PageRepository {
  constructor(private readonly q: Queryable) {}

  /** The (not deleted) document of `model` at `path` in a project (or none), other than `exceptId`. */
  async atPath(
    model: 'page' | 'pageDraft',
    path: string,
    project: string | undefined,
    exceptId: string | undefined,
  ): Promise<Doc | undefined> {
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table(model)} WHERE doc->>'_path' = ${path} AND deleted_at IS NULL
          AND coalesce(doc->>'project', '') = ${project ?? ''} AND _id <> ${exceptId ?? ''} LIMIT 1`,
    );
    return rows[0] && rowToDoc(rows[0]);
  }

  /** Every document below `path` (its whole subtree, not itself), shallowest first. */
  async below(model: 'page' | 'pageDraft', path: string): Promise<Doc[]> {
    const prefix = path === '/' ? '/' : `${path}/`;
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table(model)} WHERE deleted_at IS NULL AND doc->>'_path' <> '/'
          AND left(doc->>'_path', ${prefix.length}) = ${prefix} ORDER BY length(doc->>'_path'), _id`,
    );
    return rows.map(rowToDoc);
  }

  /** The ids of the (not deleted) layouts, for the layout a new page starts with. */
  async layoutIds(): Promise<string[]> {
    const { rows } = await this.q.query<{ _id: string }>(
      sql`SELECT _id FROM ${table('layout')} WHERE deleted_at IS NULL ORDER BY _id LIMIT 1000`,
    );
    return rows.map((row) => row._id);
  }

  /** How many (not deleted) documents have `id` as their parent. */
  async childCount(model: 'page' | 'pageDraft', id: string): Promise<number> {
    const { rows } = await this.q.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${table(model)} WHERE deleted_at IS NULL AND doc->>'_parent' = ${id}`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Is a live page at `path` (in any project) that every visitor may read (no `_read` list, an empty one, or
   * guest)? The site answers such a path with the page, never with a redirect from it.
   */
  async publicPageAt(path: string): Promise<boolean> {
    const { rows } = await this.q.query<{ found: boolean }>(
      sql`SELECT EXISTS (SELECT 1 FROM ${table('page')} WHERE deleted_at IS NULL AND doc->>'_path' = ${path}
          AND (jsonb_typeof(doc->'_read') IS DISTINCT FROM 'array' OR jsonb_array_length(doc->'_read') = 0
            OR doc->'_read' ? 'guest')) AS found`,
    );
    return rows[0]?.found === true;
  }

  /** The domains the site configurations name (lower case), e.g. `www.rhein-consulting.ch`. */
  async siteDomains(): Promise<string[]> {
    const { rows } = await this.q.query<{ domain: string }>(
      sql`SELECT lower(doc->>'domain') AS domain FROM ${table('siteConfig')}
          WHERE deleted_at IS NULL AND doc->>'domain' IS NOT NULL`,
    );
    return rows.map((row) => row.domain);
  }

  /** Redirects whose `from` or `to` is `path` (not deleted). */
  async redirectsTouching(path: string): Promise<Doc[]> {
    const { rows } = await this.q.query<Row>(
      sql`SELECT ${COLUMNS} FROM ${table('redirect')} WHERE deleted_at IS NULL
          AND (doc->>'from' = ${path} OR doc->>'to' = ${path})`,
    );
    return rows.map(rowToDoc);
  }

  /**
   * Page versions stored before versions carried their page's `_read`/`_write` (x-acl on pageVersion) take
   * the lists their content holds (the page as published), else those of their page as stored now (deleted
   * pages too); a version with neither stays without (open to its model's readers, as its page was).
   * One statement, a version bump per changed row; on data that has them it changes nothing.
   */
  async giveVersionsTheirLists(): Promise<number> {
    const versions = table('pageVersion');
    const list = (field: '_read' | '_write') => sql`coalesce(
      CASE WHEN jsonb_typeof(v.doc->'content'->${field}::text) = 'array' THEN v.doc->'content'->${field}::text END,
      CASE WHEN jsonb_typeof(p.doc->${field}::text) = 'array' THEN p.doc->${field}::text END)`;
    const missing = (field: '_read' | '_write') => sql`jsonb_typeof(v.doc->${field}::text) IS DISTINCT FROM 'array'`;
    const { rows } = await this.q.query<{ _id: string }>(sql`
      WITH lists AS (
        SELECT v._id,
          CASE WHEN ${missing('_read')} THEN ${list('_read')} END AS read,
          CASE WHEN ${missing('_write')} THEN ${list('_write')} END AS write
        FROM ${versions} v LEFT JOIN ${table('page')} p ON p._id = v.doc->>'page'
        WHERE ${missing('_read')} OR ${missing('_write')}
      )
      UPDATE ${versions} t SET
        doc = t.doc || jsonb_strip_nulls(jsonb_build_object('_read', l.read, '_write', l.write)),
        updated_at = now(), version = t.version + 1
      FROM lists l WHERE t._id = l._id AND (l.read IS NOT NULL OR l.write IS NOT NULL)
      RETURNING t._id`);
    return rows.length;
  }
}
