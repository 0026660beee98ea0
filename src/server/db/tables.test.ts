import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRegistry, type JsonSchema, type ModelInfo } from '../../shared/registry';
import type { Database } from './database';
import { sql } from './sql';
import { openTestPglite } from './testing/testPglite';
import { migrate, migrateModel, table } from './tables';
import { translateSearch, translateSort, translateWhere } from './query';

/** Migration of a model's table: derived columns and indexes follow the schema, documents stay. */
const base: JsonSchema = {
  $id: 'https://baukasten.dev/schemas/models/gadget.schema.json',
  title: 'Gadget',
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 100, 'x-searchable': true, 'x-sortable': true },
    status: { type: 'string', enum: ['new', 'used'], 'x-filterable': true },
    price: { type: 'number', 'x-sortable': true },
    serial: { type: 'string', 'x-unique': true },
    note: { type: 'string' },
  },
};

const modelOf = (schema: JsonSchema): ModelInfo =>
  createRegistry({ models: { gadget: schema }, elements: {}, values: {} }).models.gadget;

let db: Database;
beforeEach(async () => {
  db = await openTestPglite();
  await db.query(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
});
afterEach(async () => {
  await db.close();
});

async function shape() {
  const columns = await db.query<{ column_name: string }>(
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'doc_gadget' ORDER BY column_name`,
  );
  const indexes = await db.query<{ indexname: string }>(
    sql`SELECT indexname FROM pg_indexes WHERE tablename = 'doc_gadget' ORDER BY indexname`,
  );
  return { columns: columns.rows.map((r) => r.column_name), indexes: indexes.rows.map((r) => r.indexname) };
}

/** The gadget table migrated and filled with `count` rows (a quarter 'used'), analysed for the planner. */
async function gadgets(count: number): Promise<ModelInfo> {
  const registry = createRegistry({ models: { gadget: base }, elements: {}, values: {} });
  await migrate(db, registry);
  await db.query(sql`INSERT INTO ${table('gadget')} (_id, doc)
    SELECT lpad(to_hex(n), 24, '0'), jsonb_build_object('name', 'Gadget ' || n, 'status', CASE WHEN n % 4 = 0 THEN 'used' ELSE 'new' END, 'price', n)
    FROM generate_series(1, ${count}) AS n`);
  await db.query(sql`VACUUM ANALYZE ${table('gadget')}`);
  return registry.models.gadget;
}

describe('migrateModel', () => {
  it('derives a column per listed field and the search text, with their indexes, idempotently', async () => {
    const model = modelOf(base);
    await migrateModel(db, model);
    const first = await shape();
    expect(first.columns).toEqual(expect.arrayContaining(['doc', 'g_t_name', 'g_t_status', 'g_n_price', 'g_t_serial']));
    expect(first.columns.filter((c) => c.startsWith('g_s_'))).toHaveLength(1);
    expect(first.columns).not.toContain('g_t_note');
    expect(first.indexes.map((name) => name.replace(/_[0-9a-f]{6}$/, ''))).toEqual([
      'doc_gadget_created_at',
      'doc_gadget_f_status',
      'doc_gadget_fs_status_name',
      'doc_gadget_fs_status_price',
      'doc_gadget_pkey',
      'doc_gadget_s_name',
      'doc_gadget_s_price',
      'doc_gadget_search',
      'doc_gadget_u_serial',
      'doc_gadget_updated_at',
    ]);
    await migrateModel(db, model);
    expect(await shape()).toEqual(first);
  });

  it('follows a changed schema: adds, replaces and drops derived columns and indexes, never a document', async () => {
    await migrateModel(db, modelOf(base));
    const doc = { name: 'Lamp', status: 'new', price: 12.5, serial: 'A-1', note: 'kept' };
    await db.query(
      sql`INSERT INTO ${table('gadget')} (_id, doc) VALUES (${'0123456789abcdef01234567'}, ${JSON.stringify(doc)}::jsonb)`,
    );
    const before = await shape();

    const changed = structuredClone(base);
    const properties = changed.properties as Record<string, JsonSchema>;
    properties.note = { type: 'string', maxLength: 50, 'x-searchable': true, 'x-sortable': true };
    properties.price = { type: 'number' };
    await migrateModel(db, modelOf(changed));
    const after = await shape();

    expect(after.columns).toContain('g_t_note');
    expect(after.columns).not.toContain('g_n_price');
    const search = (columns: string[]) => columns.find((c) => c.startsWith('g_s_'));
    expect(search(after.columns)).not.toBe(search(before.columns));
    expect(after.indexes.some((name) => name.startsWith('doc_gadget_s_price'))).toBe(false);
    // The (filter, sort) index goes with the sort annotation and comes with the new one.
    expect(after.indexes.some((name) => name.startsWith('doc_gadget_fs_status_price'))).toBe(false);
    expect(after.indexes.some((name) => name.startsWith('doc_gadget_fs_status_note'))).toBe(true);
    const unfiltered = structuredClone(changed);
    delete (unfiltered.properties as Record<string, JsonSchema>).status['x-filterable'];
    await migrateModel(db, modelOf(unfiltered));
    expect((await shape()).indexes.some((name) => name.startsWith('doc_gadget_fs_'))).toBe(false);
    await migrateModel(db, modelOf(changed));
    expect(after.indexes.some((name) => name.startsWith('doc_gadget_s_note'))).toBe(true);

    const { rows } = await db.query<Record<string, unknown>>(sql`SELECT * FROM ${table('gadget')}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].doc).toEqual(doc);
    expect(rows[0].g_t_note).toBe('kept');
    expect(rows[0][search(after.columns)!]).toBe('lamp kept');
  });

  it('a filtered, searched list sorted by a listed field reads its covering index alone', async () => {
    const model = await gadgets(5000);
    const ctx = { model, canRead: () => true };
    const where = sql`deleted_at IS NULL AND ${translateWhere({ status: 'new' }, ctx)} AND ${translateSearch('get 1', model)!}`;
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      sql`EXPLAIN SELECT _id FROM ${table('gadget')} WHERE ${where} ORDER BY ${translateSort({ price: -1 }, ctx)} LIMIT 25 OFFSET 500`,
    );
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
      /Index Only Scan Backward using doc_gadget_s_price_[0-9a-f]{6}/,
    );
  });

  it('a filtered list reads one range of its (filter, sort) index for a deep page and for its count', async () => {
    const model = await gadgets(5000);
    const ctx = { model, canRead: () => true };
    const where = sql`deleted_at IS NULL AND ${translateWhere({ status: 'used' }, ctx)}`;
    const plan = async (query: ReturnType<typeof sql>) =>
      (await db.query<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const page = await plan(
      sql`SELECT _id FROM ${table('gadget')} WHERE ${where} ORDER BY ${translateSort({ price: -1 }, ctx)} LIMIT 25 OFFSET 1000`,
    );
    expect(page).toMatch(/Index Only Scan Backward using doc_gadget_fs_status_price_[0-9a-f]{6}/);
    expect(page).not.toMatch(/Filter:/);
    const count = await plan(sql`SELECT count(*) FROM (SELECT 1 FROM ${table('gadget')} WHERE ${where} LIMIT 10001) c`);
    expect(count).toMatch(/Index Only Scan using doc_gadget_fs?_status_/);
    expect(count).not.toMatch(/Filter:/);
  });

  it('covering indexes carry only what fits an index entry, so the longest values still save', async () => {
    const wide: JsonSchema = {
      ...base,
      properties: {
        title: { type: 'string', maxLength: 300, 'x-searchable': true, 'x-sortable': true },
        bio: { type: 'string', maxLength: 400, 'x-searchable': true },
        status: { type: 'string', enum: ['new', 'used'], 'x-filterable': true },
      },
    };
    await migrateModel(db, modelOf(wide));
    const { rows } = await db.query<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname LIKE 'doc_gadget_s_title%'`,
    );
    expect(rows[0].indexdef).toContain('g_t_status');
    expect(rows[0].indexdef).not.toContain('g_s_');
    // 4-byte characters at every maximum length, varied so that they do not compress.
    const text = (length: number, seed: number) =>
      Array.from({ length }, (_, i) => String.fromCodePoint(0x20000 + (((i + seed) * 7919) % 40000))).join('');
    const doc = { title: text(300, 1), bio: text(400, 2), status: 'used' };
    await db.query(
      sql`INSERT INTO ${table('gadget')} (_id, doc) VALUES (${'0123456789abcdef01234567'}, ${JSON.stringify(doc)}::jsonb)`,
    );
    expect((await db.query(sql`SELECT 1 FROM ${table('gadget')}`)).rows).toHaveLength(1);
  });
});
