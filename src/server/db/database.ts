import type { Sql } from './sql';

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows?: number;
}

/** Something that runs SQL: the database, or one transaction of it. */
export interface Queryable {
  query<Row = Record<string, unknown>>(statement: Sql): Promise<QueryResult<Row>>;
}

/** One interface, two drivers: PGlite (embedded) and node-postgres. Only the repository layer uses it. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in a transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons, without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
