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
}
