import type { ValidateFunction } from 'ajv';
import { createObjectId } from '../../shared/format/objectId';
import type { ModelInfo, Registry } from '../../shared/registry';
import { createAjv, describeErrors, fieldErrors } from '../../shared/validation/createAjv';
import type { Database } from '../db/database';
import { computedValues } from '../../shared/rules/computed';
import { DocumentRepository, LIVE_ROWS, type BulkRow } from '../modules/documents/repository';
import { createRng, generateClient, generateInvoice, generateOffer, generateTransaction, type Rng } from './generate';

const DAY_MS = 86_400_000;
const SPAN_MS = 3 * 365 * DAY_MS;

export interface BulkOptions {
  model: BulkModel;
  count: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** PRNG seed: the same seed gives the same documents. */
  seed?: number;
  now?: number;
  /** Validate every n-th document against the model schema (plus the first 50). */
  validateEvery?: number;
  /** Share of open invoices (default: by age, most old ones paid). */
  openShare?: number;
}

export interface BulkResult {
  model: string;
  inserted: number;
  validated: number;
  ms: number;
}

interface GeneratorContext {
  rng: Rng;
  now: number;
  /** Next free value of the model's sequence field. */
  nextId: number;
  clients: string[];
  users: string[];
  openShare?: number;
}

interface Generated {
  doc: Record<string, unknown>;
  createdAt: number;
}

/** A date within the last three years; `createdAt` is a few hours after it. */
function pastDate(ctx: GeneratorContext): number {
  return ctx.now - Math.floor(ctx.rng() * SPAN_MS);
}

const GENERATORS = {
  client: (ctx: GeneratorContext, i: number): Generated => ({
    doc: { ...generateClient(ctx.rng, ctx.nextId + i) },
    createdAt: pastDate(ctx),
  }),
  invoice: (ctx: GeneratorContext, i: number): Generated => {
    const date = pastDate(ctx);
    return { doc: { ...generateInvoice(ctx.rng, ctx.nextId + i, date, ctx.now, ctx) }, createdAt: date + 3_600_000 };
  },
  offer: (ctx: GeneratorContext, i: number): Generated => {
    const date = pastDate(ctx);
    return { doc: { ...generateOffer(ctx.rng, ctx.nextId + i, date, ctx.clients) }, createdAt: date + 3_600_000 };
  },
  transaction: (ctx: GeneratorContext): Generated => {
    const date = pastDate(ctx);
    return { doc: { ...generateTransaction(ctx.rng, date, ctx.clients) }, createdAt: date + 3_600_000 };
  },
} satisfies Record<string, (ctx: GeneratorContext, i: number) => Generated>;

export type BulkModel = keyof typeof GENERATORS;
export const BULK_MODELS = Object.keys(GENERATORS) as BulkModel[];
/** Models whose generator refers to existing clients. */
const NEEDS_CLIENTS: ReadonlySet<BulkModel> = new Set(['invoice', 'offer', 'transaction']);

export function isBulkModel(name: string): name is BulkModel {
  return Object.hasOwn(GENERATORS, name);
}

async function nextSequence(repo: DocumentRepository, model: ModelInfo): Promise<number> {
  const field = model.fields.find((f) => f.sequence);
  return field ? repo.nextSequence(model, field.name) : 1;
}

const ajvs = new WeakMap<Registry, ReturnType<typeof createAjv>>();

/** The schema validator of a model's stored document (without system fields). */
export function validatorFor(registry: Registry, model: string): ValidateFunction {
  let ajv = ajvs.get(registry);
  if (!ajv) ajvs.set(registry, (ajv = createAjv(registry.schemas)));
  const id = registry.schemas.models[model]?.$id;
  const validate = id ? ajv.getSchema(id) : undefined;
  if (!validate) throw new Error(`No schema for model ${model}`);
  return validate;
}

/**
 * Inserts `count` generated documents straight into the model's table through the repository's
 * bulk insert, `batchSize` rows per statement. Bypasses the document operations for speed, so it
 * applies computed fields and sequences itself and checks a sample against the schema.
 */
export async function seedBulk(db: Database, registry: Registry, options: BulkOptions): Promise<BulkResult> {
  const started = performance.now();
  const model = registry.model(options.model);
  if (!model) throw new Error(`Unknown model ${options.model}`);
  const repo = new DocumentRepository(db);
  const batchSize = options.batchSize ?? 5000;
  const validateEvery = options.validateEvery ?? 100;
  const ctx: GeneratorContext = {
    rng: createRng(options.seed ?? 1),
    now: options.now ?? Date.now(),
    nextId: await nextSequence(repo, model),
    clients: NEEDS_CLIENTS.has(options.model) ? await repo.someIds('client', LIVE_ROWS, 1_000_000) : [],
    users: await repo.someIds('user', LIVE_ROWS, 50),
    openShare: options.openShare,
  };
  if (NEEDS_CLIENTS.has(options.model) && ctx.clients.length === 0)
    throw new Error(`Seed clients before ${options.model}s`);
  const validate = validatorFor(registry, model.name);
  const generate = GENERATORS[options.model];
  let validated = 0;
  for (let offset = 0; offset < options.count; offset += batchSize) {
    const rows: BulkRow[] = [];
    for (let i = offset; i < Math.min(options.count, offset + batchSize); i++) {
      const { doc, createdAt } = generate(ctx, i);
      Object.assign(doc, computedValues(model, doc));
      if (i < 50 || i % validateEvery === 0) {
        if (!validate(doc))
          throw new Error(`Generated ${model.name} is invalid: ${describeErrors(fieldErrors(validate.errors))}`);
        validated++;
      }
      rows.push({ id: createObjectId(createdAt), doc, createdAt: new Date(createdAt) });
    }
    await repo.bulkInsert(model.name, rows);
  }
  // After a bulk load, as after a restore: planner statistics, and the visibility map that lets
  // list pages read the covering indexes alone (PostgreSQL's autovacuum would get there later).
  await repo.analyze(model.name);
  return { model: model.name, inserted: options.count, validated, ms: performance.now() - started };
}
