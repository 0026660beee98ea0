import type { Database } from '../../src/server/db/database';
import { sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { serveJson } from './measure';

/** What the floor's handler takes: the same list body the app gets (filter status, sort date, search). */
interface FloorBody {
  page: number;
  limit: number;
  filter: { status: string };
  search?: string;
}

/**
 * The relational floor of issue 13: the invoice list as a developer would write it by hand on plain
 * tables (one column per field, an index on `(status, date desc)`), served by node:http through the
 * same driver. Page with the client's name joined and an exact count, in parallel; a search is a
 * plain `LIKE` on the name. The tables are filled from the app's rows, so both answer the same data.
 */
export async function startFloor(db: Database): Promise<{ url: string; close(): Promise<void> }> {
  await db.query(sql`DROP TABLE IF EXISTS floor_invoice, floor_client`);
  await db.query(sql`CREATE TABLE floor_client (id text PRIMARY KEY, name text NOT NULL)`);
  await db.query(sql`CREATE TABLE floor_invoice (id text PRIMARY KEY, number integer, name text, client_id text,
    date date, status text, total numeric)`);
  await db.query(
    sql`INSERT INTO floor_client SELECT _id, doc->>'name' FROM ${table('client')} WHERE deleted_at IS NULL`,
  );
  await db.query(sql`INSERT INTO floor_invoice SELECT _id, (doc->>'id')::int, doc->>'name', doc->>'client',
    (doc->>'date')::date, doc->>'status', (doc->>'total')::numeric FROM ${table('invoice')} WHERE deleted_at IS NULL`);
  await db.query(sql`CREATE INDEX floor_invoice_status_date ON floor_invoice (status, date DESC)`);
  await db.query(sql`VACUUM ANALYZE floor_invoice`);
  await db.query(sql`VACUUM ANALYZE floor_client`);

  async function list(body: FloorBody) {
    const search = body.search ? sql` AND lower(i.name) LIKE ${`%${body.search.toLowerCase()}%`}` : sql``;
    const [page, count] = await Promise.all([
      db.query(sql`SELECT i.id, i.number, i.name, i.date, i.status, i.total, i.client_id, c.name AS client_name
        FROM floor_invoice i LEFT JOIN floor_client c ON c.id = i.client_id
        WHERE i.status = ${body.filter.status}${search} ORDER BY i.date DESC, i.id DESC
        LIMIT ${body.limit} OFFSET ${body.page * body.limit}`),
      db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM floor_invoice i WHERE i.status = ${body.filter.status}${search}`,
      ),
    ]);
    return { results: page.rows, total: count.rows[0].n };
  }

  const server = await serveJson(list);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await db.query(sql`DROP TABLE IF EXISTS floor_invoice, floor_client`);
    },
  };
}
