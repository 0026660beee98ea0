import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry } from '../../src/shared/registry';
import { loadSchemaSet } from '../../src/server/schemaSet';
import { openPglite } from '../../src/server/db/pglite';
import { migrate } from '../../src/server/db/tables';

/**
 * Initialising PGlite takes seconds; reopening a dump takes a fraction. Build one migrated template per run.
 * Stored as a plain tar: PGlite unpacks a gzipped one in JavaScript (after a failed untar), which cost every
 * test's fresh database about 2 s more than reading the 44 MB tar.
 */
export default async function setup(): Promise<void> {
  const db = await openPglite();
  await mkdir(path.resolve('.cache'), { recursive: true });
  // The empty one too, for tests of migrations and maintenance: reopening it is ~3 times faster than initdb.
  process.env.PGLITE_EMPTY_TEMPLATE = await dump(db, '.cache/pglite-empty.tar');
  await migrate(db, createRegistry(await loadSchemaSet([path.resolve('tests/fixtures/schemas')])));
  process.env.PGLITE_TEMPLATE = await dump(db, '.cache/pglite-template.tar');
  await db.close();
}

async function dump(db: Awaited<ReturnType<typeof openPglite>>, name: string): Promise<string> {
  const file = path.resolve(name);
  await writeFile(file, Buffer.from(await (await db.pglite.dumpDataDir('none')).arrayBuffer()));
  return file;
}
