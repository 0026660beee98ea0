import { Query } from 'mingo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { sql, type Sql } from '../sql';
import { table } from '../tables';
import { translateSort, translateWhere } from './index';
import { generateDocs, QueryGenerator, type Doc } from './testing/generate';
import { probe, probeContext, prng } from './testing/probe';
import { openProbeDb } from './testing/probeDb';

/**
 * The same random queries through SQL (PGlite) and through mingo (MongoDB semantics in memory):
 * the ids and their order must agree. Deliberate differences are left out by the generator and
 * listed in its comments; mingo's own deviation from MongoDB (null sorts after missing) is
 * neutralised in `expectedIds`.
 */
const SEED = Number(process.env.QUERY_SEED ?? 20240506);
const DOCS = 300;
const QUERIES = 800;

let db: Database;
const docs: Doc[] = generateDocs(prng(SEED), DOCS);

beforeAll(async () => {
  db = await openProbeDb(docs);
});

afterAll(async () => {
  await db?.close();
});

async function actualIds(where: Sql, orderBy: Sql): Promise<string[]> {
  const { rows } = await db.query<{ _id: string }>(
    sql`SELECT _id FROM ${table(probe.name)} WHERE ${where} ORDER BY ${orderBy}`,
  );
  return rows.map((row) => row._id);
}

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      doc,
    );
}

const idRank = new Map(
  docs
    .map((doc) => doc._id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((id, rank) => [id, rank]),
);

function expectedIds(query: Record<string, unknown>, sort: Record<string, 1 | -1 | 'asc' | 'desc'>): string[] {
  const matched = new Query(query).find<Doc>(docs).all();
  // MongoDB sorts null and missing alike; mingo puts null after missing. Sort on copies without nulls.
  // Ids sort by their bytes (C), words in the collation: an id's place among all ids stands in for it.
  const keys = Object.entries(sort).map(([path, d], i) => ({
    path,
    key: path === '_id' ? 'idRank' : `k${i}`,
    dir: d === 1 || d === 'asc' ? (1 as const) : (-1 as const),
  }));
  const copies = matched.map((doc) => {
    const copy: Record<string, unknown> = { _id: doc._id, idRank: idRank.get(doc._id) };
    for (const { path, key } of keys) {
      if (key === 'idRank') continue;
      const value = valueAt(doc, path);
      if (value !== null && value !== undefined) copy[key] = value;
    }
    return copy;
  });
  const spec: Record<string, 1 | -1> = Object.fromEntries(keys.map(({ key, dir }) => [key, dir]));
  if (!('idRank' in spec)) spec.idRank = keys.length > 0 ? keys[keys.length - 1].dir : 1;
  // Text sorts as the lists' collation does (SORT_COLLATION: Unicode's root order, digits as numbers).
  return new Query({})
    .find<{ _id: string }>(copies)
    .sort(spec)
    .collation({ locale: 'und', numericOrdering: true })
    .all()
    .map((doc) => doc._id);
}

describe('translateWhere and translateSort against mingo', () => {
  it(`agree on ${QUERIES} random queries over ${DOCS} random documents (seed ${SEED})`, async () => {
    const generator = new QueryGenerator(prng(SEED + 1), docs);
    const failures: string[] = [];
    let nonEmpty = 0;
    for (let i = 0; i < QUERIES; i++) {
      const query = generator.query();
      const sort = generator.sort();
      const expected = expectedIds(query, sort);
      const where = translateWhere(query, probeContext);
      const actual = await actualIds(where, translateSort(sort, probeContext));
      if (expected.length > 0 && expected.length < DOCS) nonEmpty++;
      if (JSON.stringify(actual) !== JSON.stringify(expected) && failures.length < 5) {
        const missing = expected.filter((id) => !actual.includes(id)).slice(0, 3);
        const extra = actual.filter((id) => !expected.includes(id)).slice(0, 3);
        const sample = [...missing, ...extra].map((id) => JSON.stringify(docs.find((d) => d._id === id)));
        failures.push(
          [
            `#${i} ${JSON.stringify(query)} sort ${JSON.stringify(sort)}`,
            `SQL ${where.compile().text}`,
            `expected ${expected.length}, got ${actual.length}; missing ${missing.join(',')}; extra ${extra.join(',')}`,
            ...sample,
          ].join('\n'),
        );
      }
    }
    expect(failures).toEqual([]);
    // The generator must keep producing selective queries, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(QUERIES / 4);
  });
});
