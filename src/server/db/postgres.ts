import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database';
import type { Sql } from './sql';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(statement: Sql): Promise<QueryResult<Row>> {
      const { text, params } = statement.compile();
      const result = await client.query(text, params);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? undefined };
    },
  };
}

/** The production driver: node-postgres against a PostgreSQL server (`DATABASE_URL`). */
export type PostgresDatabase = Database & { kind: 'postgres'; pool: pg.Pool; connectionString: string };

export async function openPostgres(
  connectionString: string,
  options: { max?: number } = {},
): Promise<PostgresDatabase> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  await pool.query('SELECT 1');
  const root = wrap(pool);
  return {
    kind: 'postgres',
    pool,
    connectionString,
    query: root.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}
