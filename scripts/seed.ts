/**
 * `npm run seed -- --count N [--model client,invoice]`: fills models with N generated documents
 * each, fast (multi-row INSERTs), in the configured database (DATA_DIR or DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { migrate } from '../src/server/db/tables';
import { loadSchemaSet } from '../src/server/schemaSet';
import { BULK_MODELS, isBulkModel, seedBulk } from '../src/server/seed/bulk';
import { createRegistry } from '../src/shared/registry';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000' },
    model: { type: 'string', default: 'client,invoice' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});

const count = Number(values.count);
if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive integer, got ${values.count}`);
const models = values.model
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);
const unknown = models.filter((m) => !isBulkModel(m));
if (unknown.length)
  throw new Error(`Cannot generate ${unknown.join(', ')}; models with a generator: ${BULK_MODELS.join(', ')}`);

const config = configFromEnv();
const db = await openDatabase(config);
try {
  const registry = createRegistry(await loadSchemaSet(config.schemaDirs));
  await migrate(db, registry);
  for (const model of models.filter(isBulkModel)) {
    const result = await seedBulk(db, registry, { model, count, seed: Number(values.seed) });
    const perSecond = Math.round(result.inserted / (result.ms / 1000));
    console.log(
      `${model}: ${result.inserted} documents in ${(result.ms / 1000).toFixed(1)} s (${perSecond}/s, ${result.validated} validated) into ${db.kind}`,
    );
  }
} finally {
  await db.close();
}
