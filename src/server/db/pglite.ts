import { mkdir } from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable, QueryResult } from './database';
import type { Sql } from './sql';

export interface PgliteOptions {
  /** Data directory; omit for an in-memory database. */
  dataDir?: string;
  /** A data directory dump (tarball) to start from, e.g. the migrated template of the test suite. */
  loadDataDir?: Blob;
  /** PGlite's WASM, compiled, and its file-system bundle: given by tests that open many databases. */
  assets?: PgliteAssets;
}

export type PgliteAssets = Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;

function wrap(run: PGlite | Parameters<Parameters<PGlite['transaction']>[0]>[0]): Queryable {
  return {
    async query<Row>(statement: Sql): Promise<QueryResult<Row>> {
      const { text, params } = statement.compile();
      const result = await run.query<Row>(text, params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
  };
}

/** The embedded driver: PostgreSQL compiled to WASM, running in this process. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    ...options.assets,
  });
  // Every query runs on the event loop: parallel workers only add overhead here.
  await pglite.exec('SET max_parallel_workers_per_gather = 0');
  const root = wrap(pglite);
  return {
    kind: 'pglite',
    pglite,
    query: root.query,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    exec: async (script) => {
      await pglite.exec(script);
    },
    close: () => pglite.close(),
  };
}
