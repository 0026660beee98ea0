import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { sql, type Sql } from '../sql';
import { table } from '../tables';
import { translateSearch, translateSort, translateWhere } from './index';
import { translateRegex } from './regex';
import { generateDocs, type Doc } from './testing/generate';
import { probe, probeContext, prng } from './testing/probe';
import { openProbeDb } from './testing/probeDb';

/** The translation against the real engine: regex dialects, search escaping, index use. */
let db: Database;
const docs: Doc[] = generateDocs(prng(7), 200);

beforeAll(async () => {
  db = await openProbeDb(docs);
});

afterAll(async () => {
  await db?.close();
});

const PATTERNS = [
  '^a',
  'a$',
  '.',
  '^.$',
  'a.c',
  '\\bfoo\\b',
  '\\Bo',
  'b\\b',
  '\\bb',
  '\\B_',
  '\\d+',
  '\\D',
  '\\w+$',
  '\\W',
  '\\s',
  '\\S',
  '[a-c]+',
  '[^a-c]',
  '[\\d]',
  '[\\w-]',
  '[.]',
  '[[:alpha:]]',
  'x{2}',
  'x{2,}',
  'x{1,3}y',
  '(?:ab)+',
  'a|b',
  '(a)(b)?',
  '\\x41',
  '\\x41B',
  '\\u00e4',
  '\\.',
  '\\*',
  '\\/',
  '\\(',
  '[\\]]',
  '[\\\\]',
  'colou?r',
  '^$',
  'a*?c',
  'ä',
  'Ä',
  '\\t',
  ']',
  '}',
  '\\-',
  '[a\\-z]',
  '\\$',
  '^\\s*$',
  '[\\u0041-\\u0043]',
  '[^\\n]',
  '\\f|\\v',
  '[\\b]',
  'a{0}b',
  '^(?:foo|bar)(?:bar)?$',
];
const SUBJECTS = [
  'abc',
  'ABC',
  'a\nc',
  'foo bar',
  'foobar',
  'x',
  'xx',
  'xxxy',
  'a1b2',
  '',
  ' ',
  '\t',
  'colour',
  'color',
  'Ä',
  'ä',
  'é',
  '[:alpha:]',
  'a]',
  '}',
  'AB',
  'xAB',
  'xA',
  'A',
  'a.b',
  'a*b',
  'a/b',
  '(x)',
  '\\',
  '-',
  'a-z',
  'b',
  '$5',
  'a\u2028c',
  'b]',
  '\b',
  'äb',
  'b ä',
  'foo_bar',
  'ab\u00a0c',
];

async function column<T>(statement: Sql): Promise<T[]> {
  const { rows } = await db.query<{ value: T }>(statement);
  return rows.map((row) => row.value);
}

describe('regular expressions on PostgreSQL', () => {
  it.each(PATTERNS)('%s matches what JavaScript matches', async (pattern) => {
    for (const options of ['', 'i']) {
      const { source, insensitive } = translateRegex(pattern, options, 'probe');
      const op = insensitive ? sql`~*` : sql`~`;
      const actual = await column<boolean>(
        sql`SELECT x.s ${op} ${source} AS value FROM unnest(${SUBJECTS}::text[]) WITH ORDINALITY AS x(s, n) ORDER BY x.n`,
      );
      const regex = new RegExp(pattern, options);
      expect(Object.fromEntries(SUBJECTS.map((s, i) => [JSON.stringify(s), actual[i]]))).toEqual(
        Object.fromEntries(SUBJECTS.map((s) => [JSON.stringify(s), regex.test(s)])),
      );
    }
  });
});

describe('translateSearch on PostgreSQL', () => {
  it.each(['ALPHA', 'alpha beta', 'x%y', '%', '_', 'a.b', 'back\\slash', '\\', ' Beta ', 'Ωmega', 'line'])(
    'finds %j like a substring search',
    async (term) => {
      const condition = translateSearch(term, probe);
      const found = await column<string>(
        sql`SELECT _id AS value FROM ${table(probe.name)} WHERE ${condition ?? sql`TRUE`} ORDER BY _id`,
      );
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const needle = term.trim().toLowerCase();
      const expected = docs
        .filter((d) => `${text(d.name)} ${text(d.code)}`.toLowerCase().includes(needle))
        .map((d) => d._id);
      expect(found).toEqual(expected.sort());
    },
  );
});

describe('index use', () => {
  async function plan(where: Sql, orderBy?: Sql): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.query(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT _id FROM ${table(probe.name)} WHERE ${where} ${orderBy ? sql`ORDER BY ${orderBy} LIMIT 10` : sql``}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('equality and $in on a sortable or filterable field use its column index', async () => {
    // The sort index of a text field is in the lists' collation: equality asks in it too, as an index condition.
    expect(await plan(translateWhere({ name: 'alpha' }, probeContext))).toMatch(
      /Index Scan on doc_probe_s_name_[0-9a-f]{6}[^\n]*\n\s+Index Cond: \(\(?g_t_name\)?(::text)? = 'alpha'/,
    );
    expect(await plan(translateWhere({ name: { $in: ['a', 'b'] } }, probeContext))).toMatch(
      /doc_probe_s_name_[0-9a-f]{6}[^\n]*\n\s+Index Cond: \(g_t_name = ANY/,
    );
    // Filter indexes hold live rows only, as every list query asks (`deleted_at IS NULL` from the scope).
    expect(await plan(sql`deleted_at IS NULL AND ${translateWhere({ count: { $in: [1, 2] } }, probeContext)}`)).toMatch(
      /doc_probe_f_count_[0-9a-f]{6}/,
    );
    expect(await plan(translateWhere({ total: { $gte: 2, $lt: 10 } }, probeContext))).toMatch(
      /doc_probe_s_total_[0-9a-f]{6}/,
    );
  });

  it('array containment uses the GIN index', async () => {
    expect(await plan(translateWhere({ tags: 'red' }, probeContext))).toMatch(/doc_probe_j_tags_[0-9a-f]{6}/);
    expect(await plan(translateWhere({ tags: { $in: ['red', 'blue'] } }, probeContext))).toMatch(
      /doc_probe_j_tags_[0-9a-f]{6}/,
    );
  });

  it('sorting in both directions scans the field index (nulls first ascending)', async () => {
    for (const direction of [1, -1]) {
      const text = await plan(sql`TRUE`, translateSort({ name: direction }, probeContext));
      expect(text).toMatch(/Index (Only )?Scan( Backward)? using doc_probe_s_name_[0-9a-f]{6}/);
    }
  });

  it('search uses the trigram index', async () => {
    expect(await plan(translateSearch('alp', probe) ?? sql`FALSE`)).toMatch(/doc_probe_search_[0-9a-f]{6}/);
  });
});
