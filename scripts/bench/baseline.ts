import type { Database, QueryResult } from '../../src/server/db/database';
import { translateSearch, translateSort, translateWhere } from '../../src/server/db/query';
import { sql, type Sql } from '../../src/server/db/sql';
import { table } from '../../src/server/db/tables';
import { COLUMNS, EXACT_TOTAL_LIMIT, rowToDoc, type Row } from '../../src/server/modules/documents/repository';
import type { ModelInfo } from '../../src/shared/registry';
import { serveJson } from './measure';

interface ListBody {
  page: number;
  limit: number;
  sort: Record<string, 1 | -1>;
  filter: Record<string, unknown>;
  search: string;
  populate: string[];
  filterFields: string[];
}

/**
 * The bare baseline of the benchmark: node:http, no framework, no auth, no validation, issuing the
 * SQL the list call needs (page, total or estimate, one populate query per relation; enum filter
 * values need no query) through the same driver, with WHERE and ORDER BY from the same translator.
 */
export async function startBaseline(
  db: Database,
  model: ModelInfo,
  related: ModelInfo,
): Promise<{ url: string; close(): Promise<void> }> {
  const ctx = { model, canRead: () => true };

  async function list(body: ListBody) {
    const search = translateSearch(body.search, model);
    const parts: Sql[] = [sql`deleted_at IS NULL`, translateWhere(body.filter, ctx), ...(search ? [search] : [])];
    const where = parts.reduce((all, part) => sql`${all} AND ${part}`);
    const orderBy = translateSort(body.sort, ctx);
    const offset = body.page * body.limit;
    const pageQuery = () =>
      db.query<Row>(sql`SELECT ${COLUMNS} FROM (SELECT _id FROM ${table(model.name)} WHERE ${where} ORDER BY ${orderBy} LIMIT ${body.limit} OFFSET ${offset}) page
        JOIN ${table(model.name)} USING (_id) ORDER BY ${orderBy}`);
    const estimate = async () => {
      const plan = await db.query<{ 'QUERY PLAN': unknown }>(
        sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table(model.name)} WHERE ${where}`,
      );
      const raw = plan.rows[0]['QUERY PLAN'];
      return Math.round(
        ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[])[0].Plan['Plan Rows'],
      );
    };
    const count = async () =>
      (
        await db.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table(model.name)} WHERE ${where} LIMIT ${EXACT_TOTAL_LIMIT + 1}) capped`,
        )
      ).rows[0].n;
    // Mirrors DocumentRepository.page: a non-empty page past the exact limit proves the total is above it.
    let page: QueryResult<Row> | undefined;
    let total: number | undefined;
    let estimated = false;
    if (offset >= EXACT_TOTAL_LIMIT) {
      page = await pageQuery();
      if (page.rows.length > 0) [total, estimated] = [Math.max(offset + page.rows.length, await estimate()), true];
    }
    if (total === undefined) {
      const [rows, n]: [QueryResult<Row>, number] = await Promise.all([page ?? pageQuery(), count()]);
      page = rows;
      estimated = n > EXACT_TOTAL_LIMIT;
      total = estimated ? Math.max(EXACT_TOTAL_LIMIT + 1, await estimate()) : n;
    }
    const results: Record<string, unknown>[] = (page as QueryResult<Row>).rows.map(rowToDoc);
    for (const field of body.populate) {
      const keys = [
        ...new Set(results.map((doc) => doc[field]).filter((key): key is string => typeof key === 'string')),
      ];
      const { rows } = await db.query<Row>(
        sql`SELECT ${COLUMNS} FROM ${table(related.name)} WHERE _id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))) AND TRUE`,
      );
      const byId = new Map(rows.map((row) => [row._id, { _id: row._id, name: row.doc.name }]));
      for (const doc of results) doc[field] = byId.get(doc[field] as string) ?? doc[field];
    }
    const filters = Object.fromEntries(
      body.filterFields.map((name) => {
        const field = model.fields.find((f) => f.name === name);
        return [
          name,
          (field?.enumValues ?? []).map((value, i) => ({ value, label: field?.enumLabels?.[i] ?? String(value) })),
        ];
      }),
    );
    return { results, total, ...(estimated ? { totalEstimated: true } : {}), filters };
  }

  return serveJson(list);
}
