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
  await migrate(db, createRegistry(await loadSchemaSet([path.resolve('tests/fixtures/schemas')])));
  const dump = await db.pglite.dumpDataDir('none');
  await db.close();
  const file = path.resolve('.cache/pglite-template.tar');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
}
