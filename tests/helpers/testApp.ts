import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { Database } from '../../src/server/db/database';
import { openPostgres } from '../../src/server/db/postgres';
import { migrate } from '../../src/server/db/tables';
import { openTestPglite } from '../../src/server/db/testing/testPglite';
import { loadSchemaSet } from '../../src/server/schemaSet';
import { createRegistry } from '../../src/shared/registry';

export const ADMIN_PASSWORD = 'admin-test-password';

/** A fresh, migrated database: PGlite from the template, or a new database on `DATABASE_URL`'s server. */
export async function freshDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = process.env.PGLITE_TEMPLATE ?? path.resolve('.cache/pglite-template.tar');
    const db = await openTestPglite(template);
    return { db, drop: () => db.close() };
  }
  const fresh = await freshPostgres(url);
  const db = await openPostgres(fresh.url, { max: 4 });
  // Like the PGlite template: already migrated.
  await migrate(db, createRegistry(await loadSchemaSet([path.resolve('tests/fixtures/schemas')])));
  return {
    db,
    async drop() {
      await db.close();
      await fresh.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server of `url`, so a test sees only its own documents. */
export async function freshPostgres(url: string, prefix = 'bk_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The real app on a fresh database, with an `admin` superuser whose password is ADMIN_PASSWORD. `wrapDb` puts
 * something between the app and the database (a test counting the queries a request issues).
 */
export async function createTestApp(options: AppOptions & { wrapDb?: (db: Database) => Database } = {}) {
  const { wrapDb, ...appOptions } = options;
  const fresh = await freshDatabase();
  const { drop } = fresh;
  const db = wrapDb ? wrapDb(fresh.db) : fresh.db;
  // Uploaded files of this app live in a temporary folder of its own, removed by `close` (or when the app fails to
  // start); a folder the caller gives as `config.dataDir` is the caller's to remove.
  const ownDataDir = appOptions.config?.dataDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'bk-test-'));
  const removeOwnDataDir = () => (ownDataDir ? rm(ownDataDir, { recursive: true, force: true }) : Promise.resolve());
  async function giveUp(error: unknown): Promise<never> {
    await drop();
    await removeOwnDataDir();
    throw error;
  }
  const app = await buildApp({
    logger: false,
    ...appOptions,
    db,
    config: {
      adminPassword: ADMIN_PASSWORD,
      schemaDirs: [path.resolve('tests/fixtures/schemas')],
      ...(ownDataDir ? { dataDir: ownDataDir } : {}),
      ...appOptions.config,
    },
  }).catch(giveUp);
  await app.services.auth.ensureAdmin().catch(async (error: unknown) => {
    await app.close();
    return giveUp(error);
  });

  async function login(username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login ${username} failed: ${response.body}`);
    return (response.json() as { token: string }).token;
  }

  return {
    app,
    db,
    login,
    auth: (token: string) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await drop();
      await removeOwnDataDir();
    },
  };
}
