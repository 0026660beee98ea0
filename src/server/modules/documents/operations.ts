import type { ValidateFunction } from 'ajv';
import { createObjectId, isObjectId } from '../../../shared/format/objectId';
import { inversePairs, type ModelInfo, type Registry } from '../../../shared/registry';
import { LIST_PAGE_SIZE, OPTION_LIMIT } from '../../../shared/rules/constants';
import { createAjv, describeErrors, fieldErrors } from '../../../shared/validation/createAjv';
import type { Caller } from '../../access/caller';
import type { Database } from '../../db/database';
import { translateSearch, translateSort, translateWhere, type QueryContext } from '../../db/query';
import { sql, type Sql } from '../../db/sql';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import type { EventBus } from '../../events/bus';
import type { AuthService } from '../auth/service';
import {
  accessFields,
  assertCanWrite,
  assertMayWrite,
  canReadField,
  deny,
  hidesFrom,
  mayReadDeleted,
  owns,
  project,
  readScope,
} from './access';
import { FilterValues } from './filters';
import { hooksOf, type ReadLog } from './hooks';
import { mirrorInverses, type SideWrite } from './inverse';
import { computedValues } from '../../../shared/rules/computed';
import { assertSafeJson, mergeInput, normalizeDateTimes } from './input';
import { keptSecrets, withoutKeptSecrets } from './keptSecrets';
import { applyPopulated, planPopulate, populate } from './populate';
import { assertKeysKept, assertNotReferredByKey, assertRelationsExist } from './relations';
import { assertTreeShape } from './treeRelations';
import { writeRuns } from './writeRuns';
import { sanitizeRichText } from './richText';
import { withSecretsSet } from './secretsSet';
import { DocumentRepository, LIVE_ROWS, type RowSelection, type Scope } from './repository';
import type {
  Doc,
  DocumentService,
  DocumentWrite,
  FindOptions,
  PlannedWrites,
  SaveOptions,
  TransactionReader,
} from './service';
import { SECRETS_SET } from '../../../shared/api/documents';

export interface DocumentDeps {
  db: Database;
  registry: Registry;
  bus: EventBus;
  auth: Pick<AuthService, 'hashPassword' | 'revokeSessions' | 'confirmPassword'>;
  /** Where read hooks report documents they serve as stored (the server's logger). */
  log?: ReadLog;
}

const MAX_PAGE = 100_000;
const SILENT: ReadLog = { warn: () => undefined };

export function createDocumentService({ db, registry, bus, auth, log = SILENT }: DocumentDeps): DocumentService {
  const repo = new DocumentRepository(db, db);
  /** A stored document as its model's read hook answers it (older page JSON upgraded). */
  const readable = (model: ModelInfo, doc: Doc): Doc =>
    hooksOf(model.name).afterRead?.({ registry, model, doc, log }) ?? doc;
  /** A whole stored document as the caller may see it, saying which of its secrets are set (`_secretsSet`). */
  const answer = (caller: Caller, model: ModelInfo, doc: Record<string, unknown>) =>
    withSecretsSet(caller, model, doc, project(caller, model, doc)) as Doc | undefined;
  const filterValues = new FilterValues(repo, registry);
  bus.subscribe((event) => {
    if (event.type === 'document') filterValues.invalidate();
    // Any write may change what a list counts (files and folders announce theirs as cms/item).
    if (event.type === 'document' || event.type === 'cms/item') repo.forgetTotals();
  });

  // Models are validated with their system fields; defaults of the schema fill new documents.
  const ajv = createAjv(
    { ...registry.schemas, models: Object.fromEntries(Object.values(registry.models).map((m) => [m.name, m.schema])) },
    { useDefaults: true },
  );
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (model: ModelInfo) => {
    let validate = validators.get(model.name);
    if (!validate) validators.set(model.name, (validate = ajv.getSchema(model.schema.$id!)!));
    return validate;
  };

  function modelOf(name: unknown): ModelInfo {
    const model = typeof name === 'string' ? registry.model(name) : undefined;
    if (!model) throw badRequest(`Unknown model ${typeof name === 'string' ? name : ''}`.trim());
    return model;
  }

  const context = (caller: Caller, model: ModelInfo): QueryContext => ({
    model,
    canRead: (field) => canReadField(caller, field),
    resolver: registry.resolver,
  });

  function listSelection(caller: Caller, model: ModelInfo, options: FindOptions): RowSelection {
    const read = readScope(caller, model);
    if (options.deleted === true && !mayReadDeleted(caller, model))
      throw forbidden(`Deleted ${model.label} documents need the permission to update or delete ${model.label}`);
    const scope: Scope = { read, deleted: options.deleted === true };
    const parts: Sql[] = [];
    if (options.query !== undefined) parts.push(translateWhere(options.query, context(caller, model)));
    if (options.filter !== undefined) parts.push(translateWhere(options.filter, context(caller, model)));
    if (options.search?.trim()) {
      const search = translateSearch(options.search.trim(), model);
      if (search) parts.push(search);
    }
    return {
      scope,
      where: parts.length ? parts.reduce((all, part) => sql`${all} AND ${part}`) : undefined,
      fields: projection(model, options),
    };
  }

  /**
   * `fields` checked against the model (an unknown name is a 400), with the populated relations added. A nested
   * column (`data.email`) brings its whole top-level field.
   */
  function projection(model: ModelInfo, options: FindOptions): string[] | undefined {
    if (options.fields === undefined) return undefined;
    const known = new Set([...model.fields, ...model.nested].map((field) => field.name));
    const unknown = options.fields.find((field) => !known.has(field) && !field.startsWith('_'));
    if (unknown !== undefined) throw badRequest(`Unknown field ${unknown} of ${model.label}`);
    const tops = options.fields.filter((field) => field !== SECRETS_SET).map((field) => field.split('.')[0]);
    // `_secretsSet` is read off the secrets themselves (the answer never carries them).
    const secrets = options.fields.includes(SECRETS_SET) ? model.fields.filter((f) => f.secret).map((f) => f.name) : [];
    return [...new Set([...tops, ...secrets, ...(options.populate ?? []), ...accessFields(model)])];
  }

  async function find(caller: Caller, name: string, options: FindOptions) {
    const model = modelOf(name);
    const listForm = options.page !== undefined;
    const limit = Math.min(Math.max(1, Math.floor(options.limit ?? (listForm ? LIST_PAGE_SIZE : 100))), OPTION_LIMIT);
    const page = Math.floor(options.page ?? 0);
    if (page < 0 || page > MAX_PAGE) throw badRequest(`page must be between 0 and ${MAX_PAGE}`);
    const offset = options.offset !== undefined ? Math.max(0, Math.floor(options.offset)) : page * limit;
    const selection = listSelection(caller, model, options);
    const orderBy = translateSort(options.sort ?? model.defaultSort, context(caller, model));
    // Populated relations come with the page, in the same statement.
    const plans = options.populate?.length ? planPopulate(registry, caller, model, options.populate) : [];
    const [listed, filters] = await Promise.all([
      repo.list(model.name, selection, orderBy, limit, offset, {
        total: listForm,
        related: plans.map((plan) => plan.selection),
      }),
      options.filterFields?.length
        ? filterValues.forFields(caller, model, options.filterFields, options.filter)
        : undefined,
    ]);
    // Documents cut down to `fields` say which secrets are set only when asked to (else their secrets are not read).
    const whole = options.fields === undefined || options.fields.includes(SECRETS_SET);
    const results = listed.docs.map(
      (doc) =>
        (whole ? answer(caller, model, readable(model, doc)) : project(caller, model, readable(model, doc))) as Doc,
    );
    applyPopulated(caller, results, plans, listed.related);
    if (!listForm) return { results };
    return {
      results,
      total: listed.total ?? 0,
      ...(listed.estimated ? { totalEstimated: true } : {}),
      ...(filters ? { filters } : {}),
    };
  }

  async function findById(
    caller: Caller,
    name: string,
    id: string,
    options: { populate?: string[]; deleted?: boolean } = {},
  ) {
    const model = modelOf(name);
    if (!isObjectId(id)) throw badRequest('id must be 24 lowercase hex characters');
    // Deleted documents only for a caller who may see them (as `find` with `deleted`); to others one is not found.
    const deleted = options.deleted === true && mayReadDeleted(caller, model);
    const doc = await repo.findById(model.name, id, { read: readScope(caller, model), deleted });
    if (!doc) throw notFound(`${model.label} ${id} not found`);
    const visible = answer(caller, model, readable(model, doc))!;
    if (options.populate?.length) await populate(repo, registry, caller, model, [visible], options.populate);
    return visible;
  }

  /**
   * A write up to the row: access, version check, merge, validation, secrets, the beforeWrite hook.
   * Answers the document to store and what it replaces.
   */
  async function prepare(tx: DocumentRepository, caller: Caller, model: ModelInfo, sent: Record<string, unknown>) {
    if (!sent || typeof sent !== 'object' || Array.isArray(sent))
      throw badRequest('The document must be a JSON object');
    assertSafeJson(sent);
    // The current secrets were checked before the transaction (confirmOwnSecrets); which secrets are set is
    // the server's answer, sent back by forms with the rest of the document.
    const { _current: _confirmed, [SECRETS_SET]: _answered, ...input } = sent;
    const creating = input._id === undefined || input._id === 'new' || input._id === null;
    if (!creating && !isObjectId(input._id)) throw badRequest('_id must be 24 lowercase hex characters or "new"');
    // What needs no document is checked before the lookup: a 404 must not tell a caller who may not
    // write here which ids exist.
    const action = creating ? 'create' : 'update';
    const mayWrite = assertMayWrite(caller, model, action, creating ? undefined : (input._id as string));
    const stored = creating ? undefined : await tx.findById(model.name, input._id as string, LIVE_ROWS);
    // A document the caller may not read (its `_read` list) answers like a missing one.
    const existing = stored && hidesFrom(caller, model, stored) ? undefined : stored;
    if (!creating && !existing) {
      // A caller who may only change their own documents learns nothing about the others.
      if (mayWrite === 'own') deny(caller, `${action} ${model.label}`);
      throw notFound(`${model.label} ${String(input._id)} not found`);
    }
    assertCanWrite(caller, model, action, existing);
    if (existing && input._version !== undefined && !isVersion(input._version)) {
      const message = 'must be a whole number, the version of the document as it was read';
      throw badRequest(`_version: ${message}`, { fields: [{ field: '_version', message }] });
    }
    if (existing && input._version !== undefined && input._version !== existing._version) {
      throw conflict(
        `${model.label} was changed by someone else (version ${existing._version}, yours ${String(input._version)}); reload it and try again`,
      );
    }
    const next = mergeInput(caller, model, input, existing);
    // A new document names its creator (`x-createdBy`) unless the caller names someone.
    if (creating && caller.user && model.createdBy && next[model.createdBy] === undefined)
      next[model.createdBy] = caller.user._id;
    hooksOf(model.name).beforeValidate?.({ caller, model, input, doc: next, existing });
    Object.assign(next, computedValues(model, next));
    const drawn = new Set<string>();
    for (const field of model.fields) {
      if (field.sequence && creating && next[field.name] === undefined) {
        next[field.name] = await tx.nextSequence(model, field.name);
        drawn.add(field.name);
      }
    }
    // Secrets kept from the stored document are hashes: validate only what the caller sent (a kept one
    // still counts as present for `required`).
    const kept = keptSecrets(model.fields, next, existing);
    const candidate = { ...next };
    for (const name of kept) delete candidate[name];
    const validate = validatorOf(model);
    if (!validate(candidate)) {
      const all = fieldErrors(withoutKeptSecrets(validate.errors, kept));
      // A computed field (a total) is wrong only because an input is: name the input, not the read-only total.
      const computed = new Set(model.fields.filter((f) => f.computed).map((f) => f.name));
      const inputs = all.filter((error) => !computed.has(error.field));
      const errors = inputs.length ? inputs : all;
      if (errors.length > 0) throw badRequest(describeErrors(errors), { fields: errors });
    }
    Object.assign(next, candidate);
    await assertSequencesFree(tx, model, next, existing, drawn);
    normalizeDateTimes(model, next);
    sanitizeRichText(model, next);
    const changedSecrets: string[] = [];
    for (const field of model.fields) {
      if (field.secret && typeof next[field.name] === 'string' && next[field.name] !== existing?.[field.name]) {
        next[field.name] = await auth.hashPassword(next[field.name] as string);
        changedSecrets.push(field.name);
      }
    }
    await hooksOf(model.name).beforeWrite?.({ tx, registry, caller, model, input, doc: next, existing });
    return { doc: next, existing, creating, secretsChanged: changedSecrets.length > 0 };
  }

  /**
   * Changing a secret (a password) of one's own document needs its current value, sent as
   * `_current: { <field>: "…" }`: a stolen session alone cannot take the account over. Someone with the
   * model permission setting another user's secret needs none. Checked before the write's transaction
   * (the check counts failures in the login budget, and PGlite runs one statement at a time).
   */
  async function confirmOwnSecrets(caller: Caller, model: ModelInfo, input: unknown): Promise<void> {
    if (!caller.user || !input || typeof input !== 'object' || Array.isArray(input)) return;
    const sent = input as Record<string, unknown>;
    const changed = model.fields.filter(
      (field) => field.secret && typeof sent[field.name] === 'string' && sent[field.name] !== '',
    );
    if (changed.length === 0 || !isObjectId(sent._id)) return;
    const existing = await repo.findById(model.name, sent._id, LIVE_ROWS);
    // A missing document, or someone else's, is for the write itself to answer (404, 403 or allowed).
    if (!existing || !owns(caller, model, existing)) return;
    const current = sent._current;
    for (const field of changed) {
      const what = field.label.toLowerCase();
      const given =
        current && typeof current === 'object' ? (current as Record<string, unknown>)[field.name] : undefined;
      if (typeof given !== 'string' || given === '') {
        const message = `Enter your current ${what} to change your ${what}`;
        throw badRequest(`_current.${field.name}: ${message}`, {
          fields: [{ field: `_current.${field.name}`, message }],
        });
      }
      // Failures count against the account's login budget, keyed by its login (the label field).
      const login = String(existing[model.labelField] ?? existing._id);
      if (!(await auth.confirmPassword(login, existing[field.name], given))) {
        const message = `The current ${what} is wrong`;
        throw new HttpError(403, `_current.${field.name}: ${message}`, {
          fields: [{ field: `_current.${field.name}`, message }],
        });
      }
    }
  }

  /**
   * A login's password changed: its sessions end, except the one a user changed their own password through
   * (it has just proved the current one); their other tabs and devices are told why.
   */
  function secretChanged(caller: Caller, id: string): Promise<void> {
    const keep = caller.user?._id === id ? caller.session : undefined;
    return auth.revokeSessions(id, { keep, reason: 'password-changed' });
  }

  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /**
   * One write inside a transaction: prepared, then inserted or updated, then the in-transaction hook and the
   * other sides of its two-way links (`sides`, announced after the commit).
   */
  async function write(
    tx: DocumentRepository,
    caller: Caller,
    model: ModelInfo,
    input: Record<string, unknown>,
    options: SaveOptions,
  ) {
    const prepared = await prepare(tx, caller, model, input);
    const { doc, existing, creating } = prepared;
    await assertRelationsExist(tx, registry, model, [prepared]);
    await assertKeysKept(tx, registry, model, [prepared]);
    await assertTreeShape(tx, model, prepared);
    const written = await writeOrConflict(model, () =>
      creating
        ? tx.insert(model.name, idForCreate(options.createWithId), doc)
        : tx.update(model.name, existing!._id, doc, existing!._version as number),
    );
    if (!written) throw conflict(`${model.label} was changed by someone else; reload it and try again`);
    const hooked = await hooksOf(model.name).afterWriteInTx?.({ tx, registry, caller, model, doc: written, existing });
    const mirrored = await mirrorInverses({ tx, registry, caller, model, doc: written, existing });
    const sides = [...(hooked ?? []), ...mirrored, ...(await sidesWritten(tx, caller, mirrored))];
    // A side may be this document again (a payment linked from its invoice sets the invoice paid): the answer
    // and the event are its last version.
    const self = sides.filter((side) => side.model.name === model.name && side.doc._id === written._id);
    const last = self.length ? self[self.length - 1].doc : written;
    const others = sides.filter((side) => !self.includes(side));
    // Answered and announced as a read answers it (a form's fields in their recorded order, not jsonb's).
    return { ...prepared, written: readable(model, last), sides: others };
  }

  /**
   * The documents written on the other side of two-way links are saves of them too: their own in-transaction
   * hooks run (a payment linked from its invoice settles it as one linked from the payment does). What those
   * hooks write in turn is not mirrored again.
   */
  async function sidesWritten(tx: DocumentRepository, caller: Caller, mirrored: SideWrite[]): Promise<SideWrite[]> {
    const more: SideWrite[] = [];
    for (const { model, doc, previous } of mirrored) {
      const hooked = await hooksOf(model.name).afterWriteInTx?.({
        tx,
        registry,
        caller,
        model,
        doc,
        existing: previous,
      });
      more.push(...(hooked ?? []));
    }
    return more;
  }

  /** A failure of the input at `index` of a batch says which one it was: `index` in the error's details. */
  async function atIndex<T>(index: number, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(error.status, error.message, { ...error.details, index });
      throw error;
    }
  }

  /**
   * New documents of a model without in-transaction hooks or two-way links go in as one statement; the rest (or
   * all, with `oneByOne`) one by one.
   */
  async function writeAll(
    tx: DocumentRepository,
    caller: Caller,
    model: ModelInfo,
    inputs: Record<string, unknown>[],
    oneByOne = false,
  ) {
    const creatingOnly = inputs.every((input) => input && (input._id === undefined || input._id === 'new'));
    // Sequence numbers are drawn from the stored rows: each new document must be in before the next draws.
    const sequenced = model.fields.some((field) => field.sequence);
    const linked = inversePairs(registry.models, model).length > 0;
    if (oneByOne || !creatingOnly || sequenced || linked || hooksOf(model.name).afterWriteInTx) {
      const done = [];
      for (const [index, input] of inputs.entries())
        done.push(await atIndex(index, () => write(tx, caller, model, input, {})));
      return done;
    }
    const prepared: Prepared[] = [];
    for (const [index, input] of inputs.entries())
      prepared.push(await atIndex(index, () => prepare(tx, caller, model, input)));
    await assertRelationsExist(tx, registry, model, prepared);
    const rows = prepared.map(({ doc }) => ({ id: createObjectId(), doc }));
    const written = await writeOrConflict(model, () => tx.insertMany(model.name, rows));
    return prepared.map((outcome, index) => ({
      ...outcome,
      written: readable(model, written[index]),
      sides: [] as SideWrite[],
    }));
  }

  async function save(
    caller: Caller,
    name: string,
    input: Record<string, unknown>,
    options: SaveOptions = {},
  ): Promise<Doc> {
    const model = modelOf(name);
    await confirmOwnSecrets(caller, model, input);
    const outcome = await repo.transaction((tx) => write(tx, caller, model, input, options));
    const saved = outcome.written;
    // After commit: PGlite has one connection, so no other query may run inside the transaction.
    if (outcome.secretsChanged && !outcome.creating) await secretChanged(caller, saved._id);
    announce(model, saved, outcome.creating ? 'create' : 'update', outcome.existing);
    announceSides(outcome.sides);
    return answer(caller, model, saved) ?? { _id: saved._id };
  }

  /** Several documents of one model in one transaction: all are written, or none (the first failure answers). */
  async function saveMany(caller: Caller, name: string, inputs: Record<string, unknown>[]): Promise<Doc[]> {
    const model = modelOf(name);
    for (const [index, input] of inputs.entries()) await atIndex(index, () => confirmOwnSecrets(caller, model, input));
    const run = (oneByOne: boolean) => repo.transaction((tx) => writeAll(tx, caller, model, inputs, oneByOne));
    let outcomes: Awaited<ReturnType<typeof run>>;
    try {
      outcomes = await run(false);
    } catch (error) {
      // One statement met a unique index (409) without saying which document did: written one by one (the first
      // try left nothing), the one that meets it answers with its `index`.
      if (!(error instanceof HttpError && error.status === 409 && error.details.index === undefined)) throw error;
      outcomes = await run(true);
    }
    for (const outcome of outcomes) {
      if (outcome.secretsChanged && !outcome.creating) await secretChanged(caller, outcome.written._id);
      announce(model, outcome.written, outcome.creating ? 'create' : 'update', outcome.existing);
      announceSides(outcome.sides);
    }
    return outcomes.map(({ written }) => answer(caller, model, written) ?? { _id: written._id });
  }

  /** What writes planned inside a transaction read there (`saveAll` with a function). */
  const readerOf = (tx: DocumentRepository): TransactionReader => ({
    lock: (model, ids) => tx.lockLive(modelOf(model).name, ids),
    findBy: (model, field, values) => tx.findByKeys(modelOf(model), field, [...values], LIVE_ROWS),
  });

  /**
   * New documents the server writes itself (`batchable`), consecutive ones of one model, in one statement:
   * each prepared as `write` does, their relations checked together, inserted, then each one's in-transaction
   * hook run (after the whole batch is in). The server's creates are not mirrored (inverse.ts), and a model
   * drawing sequence numbers never comes here.
   */
  async function createBatch(
    tx: DocumentRepository,
    caller: Caller,
    model: ModelInfo,
    writes: DocumentWrite[],
    offset: number,
  ) {
    const prepared: Prepared[] = [];
    for (const [index, one] of writes.entries())
      prepared.push(await atIndex(offset + index, () => prepare(tx, caller, model, one.input)));
    try {
      await assertRelationsExist(tx, registry, model, prepared);
      await assertKeysKept(tx, registry, model, prepared);
    } catch (error) {
      // Its `index` is the place in this batch: the caller knows the place in all writes.
      const index = error instanceof HttpError ? error.details.index : undefined;
      if (typeof index === 'number')
        throw new HttpError((error as HttpError).status, (error as HttpError).message, {
          ...(error as HttpError).details,
          index: offset + index,
        });
      throw error;
    }
    const rows = prepared.map(({ doc }, index) => ({ id: idForCreate(writes[index].options?.createWithId), doc }));
    const written = await writeOrConflict(model, () => tx.insertMany(model.name, rows));
    const done = [];
    for (const [index, outcome] of prepared.entries()) {
      const doc = written[index];
      const hooked = await atIndex(offset + index, async () => {
        const own = await hooksOf(model.name).afterWriteInTx?.({ tx, registry, caller, model, doc });
        const mirrored = await mirrorInverses({ tx, registry, caller, model, doc });
        return [...(own ?? []), ...mirrored, ...(await sidesWritten(tx, caller, mirrored))];
      });
      done.push({ ...outcome, written: readable(model, doc), sides: hooked });
    }
    return done;
  }

  /** May this write go into a batched insert (`createBatch`)? The server's own creates of models without sequences. */
  const batchable = (caller: Caller, one: DocumentWrite) =>
    !!caller.system &&
    (one.input._id === undefined || one.input._id === 'new') &&
    !modelOf(one.model).fields.some((field) => field.sequence);

  /**
   * Writes of several models in one transaction, in their order: all written, or none (the first failure
   * answers, with `index`). The events go out after the commit. Writes planned inside the transaction (a
   * function) change no secret: the current one is confirmed before a transaction, never inside it. The
   * server's own creates of one model in a row go in as batches (`writeRuns`): a bank import of thousands of
   * credits is a few statements, not thousands.
   */
  async function saveAll(caller: Caller, writes: DocumentWrite[] | PlannedWrites): Promise<Doc[]> {
    if (Array.isArray(writes))
      for (const [index, one] of writes.entries())
        await atIndex(index, () => confirmOwnSecrets(caller, modelOf(one.model), one.input));
    const run = (oneByOne: boolean) =>
      repo.transaction(async (tx) => {
        const list = Array.isArray(writes) ? writes : await writes(readerOf(tx));
        const models = list.map((one) => modelOf(one.model));
        if (!Array.isArray(writes)) {
          const secret = models.findIndex((model, index) =>
            model.fields.some((field) => field.secret && list[index].input[field.name] !== undefined),
          );
          if (secret >= 0)
            throw new Error(`A write planned in its transaction may not set a secret (${list[secret].model})`);
        }
        const done = [];
        for (const [start, end] of writeRuns(list, (one) => !oneByOne && batchable(caller, one))) {
          if (end - start > 1)
            done.push(...(await createBatch(tx, caller, models[start], list.slice(start, end), start)));
          else
            done.push(
              await atIndex(start, () =>
                write(tx, caller, models[start], list[start].input, list[start].options ?? {}),
              ),
            );
        }
        return { outcomes: done, models };
      });
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run(false);
    } catch (error) {
      // A batch met a unique index (409) without saying which document did: written one by one (the first try
      // left nothing), the one that meets it answers with its `index`.
      if (!(error instanceof HttpError && error.status === 409 && error.details.index === undefined)) throw error;
      result = await run(true);
    }
    const { outcomes, models } = result;
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.secretsChanged && !outcome.creating) await secretChanged(caller, outcome.written._id);
      announce(models[index], outcome.written, outcome.creating ? 'create' : 'update', outcome.existing);
      announceSides(outcome.sides);
    }
    return outcomes.map(
      ({ written }, index) => (project(caller, models[index], written) as Doc) ?? { _id: written._id },
    );
  }

  async function remove(caller: Caller, name: string, id: string): Promise<void> {
    const model = modelOf(name);
    if (!isObjectId(id)) throw badRequest('id must be 24 lowercase hex characters');
    assertMayWrite(caller, model, 'delete', id);
    const { gone: deleted, sides } = await repo.transaction(async (tx) => {
      const existing = await tx.findById(model.name, id, LIVE_ROWS);
      if (!existing || hidesFrom(caller, model, existing)) throw notFound(`${model.label} ${id} not found`);
      assertCanWrite(caller, model, 'delete', existing);
      await hooksOf(model.name).beforeDelete?.({ tx, registry, caller, model, doc: existing });
      await assertNotReferredByKey(tx, registry, model, existing);
      const gone = await tx.softDelete(model.name, id);
      if (!gone) return { gone, sides: [] };
      const hooked = await hooksOf(model.name).afterWriteInTx?.({
        tx,
        registry,
        caller,
        model,
        doc: gone,
        existing,
        deleted: true,
      });
      const mirrored = await mirrorInverses({ tx, registry, caller, model, doc: gone, existing, deleted: true });
      return { gone, sides: [...(hooked ?? []), ...mirrored, ...(await sidesWritten(tx, caller, mirrored))] };
    });
    if (!deleted) throw notFound(`${model.label} ${id} not found`);
    // A document with secrets is a login: deleting it ends its sessions for good, not only while it stays deleted.
    if (model.fields.some((field) => field.secret)) await auth.revokeSessions(id);
    announce(model, deleted, 'delete');
    announceSides(sides);
  }

  function announce(model: ModelInfo, doc: Doc, action: 'create' | 'update' | 'delete', previous?: Doc): void {
    bus.publish({ type: 'document', model: model.name, id: doc._id, action, doc });
    hooksOf(model.name).afterWrite?.({ bus, model, doc, action, previous });
  }

  /** The documents a write changed on the other side of its two-way links, after the write's own event. */
  function announceSides(sides: SideWrite[]): void {
    for (const side of sides) announce(side.model, side.doc, 'update', side.previous);
  }

  return {
    // Typed per model: what the repository returns passed the model's schema when it was written.
    find: find as DocumentService['find'],
    findById: findById as DocumentService['findById'],
    save,
    saveMany,
    saveAll,
    remove,
    assertMayWrite: (caller, name, action, id) => void assertMayWrite(caller, modelOf(name), action, id),
    visibleTo: (caller, name, doc) => {
      const model = registry.model(name);
      return model && answer(caller, model, doc);
    },
  };
}

/** A version a client read (`_version`, the optimistic lock of an update): a whole number, never text or null. */
const isVersion = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * A sequence number (`x-sequence`) names one document for good: a number set by hand must not be held by
 * another document, soft-deleted ones included (their PDFs and payment references exist). Keeping the
 * stored number is always fine, so documents from before this check stay editable.
 */
async function assertSequencesFree(
  tx: DocumentRepository,
  model: ModelInfo,
  doc: Record<string, unknown>,
  existing: Doc | undefined,
  drawn: Set<string>,
): Promise<void> {
  for (const field of model.fields) {
    const value = doc[field.name];
    if (!field.sequence || drawn.has(field.name) || typeof value !== 'number' || value === existing?.[field.name])
      continue;
    const holder = await tx.sequenceHolder(model, field.name, value);
    if (holder && holder._id !== existing?._id) {
      const which = holder._deletedAt ? `a deleted ${model.label}` : `another ${model.label}`;
      throw conflict(`${field.name}: ${field.label} ${value} is already taken by ${which}`, {
        fields: [{ field: field.name, message: `${field.label} ${value} is already taken by ${which}` }],
      });
    }
  }
}

/**
 * A unique index violation is a 409 naming the field, also in `fields` like every other refusal of a field, so
 * the form marks it and says it with the field's label ('From (path) already exists'); everything else is rethrown.
 */
async function writeOrConflict<T>(model: ModelInfo, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505') {
      // Unique indexes are named `<table>_u_<field>_<digest>`, the name part cut at 55 characters (db/tables.ts).
      const key = constraint?.match(/_u_(\w+)_[0-9a-f]{6}$/)?.[1];
      const field =
        key === undefined
          ? undefined
          : (model.fields.find((f) => f.unique && f.name === key) ??
            model.fields.find((f) => f.unique && f.name.startsWith(key)));
      if (!field) throw new HttpError(409, 'A document with this value already exists');
      throw conflict(`${field.name} already exists`, { fields: [{ field: field.name, message: 'already exists' }] });
    }
    throw error;
  }
}

function idForCreate(requested: string | undefined): string {
  if (requested === undefined) return createObjectId();
  if (!isObjectId(requested)) throw new Error(`createWithId must be an object id, not ${requested}`);
  return requested;
}
