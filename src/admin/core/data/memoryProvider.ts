import { createRegistry, fieldValue, type SchemaSet } from '../../../shared/registry';
import { createObjectId } from '../../../shared/format/objectId';
import { distinctLabels } from '../../../shared/admin/distinctLabels';
import { relatedLabel, unknownRelated } from '../../../shared/admin/relatedLabel';
import type { LoggingFrame } from '../../../shared/api/logging';
import { memoryLogging } from './logging';
import { memoryFileProvider, type MemoryFileOptions } from './memoryFiles';
import { memoryOperations } from './operations';
import { memoryReportProvider, type MemoryReportOptions } from './memoryReports';
import { memoryPages } from './pages';
import { ApiError, type DataProvider, type Doc, type FilterOption, type FindParams, type LoginState } from './types';

export interface MemoryOptions {
  /** Queues, file bytes and upload failures of the file store (see memoryFiles). */
  files?: MemoryFileOptions;
  /** Rendered files and report answers (see memoryReports). */
  reports?: MemoryReportOptions;
  /** Logging frames of the diagnostics tool (see memoryLogging). */
  logging?: readonly LoggingFrame[];
  schemas: SchemaSet;
  /** Documents per model. */
  data?: Record<string, Doc[]>;
  permissions?: string[];
  user?: LoginState['user'];
  /** Artificial latency, to see spinners in stories. */
  delayMs?: number;
}

const isIn = (value: unknown): value is { $in: unknown[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { $in?: unknown }).$in);

const compare = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a ?? '').localeCompare(String(b ?? ''), 'de');

/**
 * The data interface in memory, for stories and component tests: the same answers as the server
 * (search, sort, filters with labels, paging, populate, validation of required fields), no network.
 */
export function memoryProvider(options: MemoryOptions): DataProvider & { data: Record<string, Doc[]> } {
  const registry = createRegistry(options.schemas);
  const data: Record<string, Doc[]> = structuredClone(options.data ?? {});
  const user = options.user ?? { _id: '000000000000000000000001', login: 'admin', roles: ['admin'] };
  const wait = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
  const modelOf = (name: string) => {
    const model = registry.model(name);
    if (!model) throw new ApiError(400, `Unknown model ${name}`);
    return model;
  };
  const rows = (name: string) => (data[name] ??= []);

  function populate(name: string, doc: Doc, fields: string[] = []): Doc {
    const copy: Doc = structuredClone(doc);
    for (const field of modelOf(name).relations.filter((f) => fields.includes(f.name))) {
      const relation = field.relation!;
      const resolve = (key: unknown) => {
        const target = rows(relation.model).find((row) => row[relation.key] === key);
        if (!target) return key;
        const populated: Doc = { _id: target._id, ...Object.fromEntries(relation.populate.map((p) => [p, target[p]])) };
        // Like the API: a list can say that the related document is gone.
        return target._deletedAt ? { ...populated, _deletedAt: target._deletedAt } : populated;
      };
      const value = copy[field.name];
      copy[field.name] = Array.isArray(value) ? value.map(resolve) : resolve(value);
    }
    return copy;
  }

  /** As the API names related documents in filters: `… (deleted)`, `Unknown client`, never by id. */
  function relationFilterLabel(model: string, label: unknown, related: Doc | undefined): string {
    if (!related || label === undefined || label === null || label === '')
      return unknownRelated(registry.model(model)?.label ?? model);
    return relatedLabel(String(label), Boolean(related._deletedAt));
  }

  function filterOptions(name: string, fields: string[], docs: Doc[]): Record<string, FilterOption[]> {
    const model = modelOf(name);
    return Object.fromEntries(
      fields.map((fieldName) => {
        const field = model.fields.find((f) => f.name === fieldName);
        const values = [
          ...new Set(
            docs.flatMap((doc) => (Array.isArray(doc[fieldName]) ? (doc[fieldName] as unknown[]) : [doc[fieldName]])),
          ),
        ];
        const options = values
          .filter((value) => value !== undefined && value !== null)
          .map((value) => {
            const index = field?.enumValues?.indexOf(value) ?? -1;
            const related =
              field?.relation && rows(field.relation.model).find((row) => row[field.relation!.key] === value);
            const label =
              index >= 0 && field?.enumLabels
                ? field.enumLabels[index]
                : field?.relation
                  ? relationFilterLabel(field.relation.model, related && related[field.relation.label], related)
                  : String(value);
            return { value, label };
          });
        return [fieldName, distinctLabels(options.sort((a, b) => compare(a.label, b.label)))];
      }),
    );
  }

  return {
    data,
    ...memoryFileProvider(data, { delayMs: options.delayMs, ...options.files }),
    ...memoryOperations(data),
    ...memoryPages(data, registry),
    ...memoryLogging(options.logging),
    // Stories and tests that give redirect statistics (with counts) see them instead of the counts of memory (0).
    ...memoryReportProvider(options.reports),
    async schemas() {
      await wait();
      return options.schemas;
    },
    async permissions() {
      await wait();
      return options.permissions ?? ['manage:cms', 'manage:files', 'manage:payment', 'manage:backend'];
    },
    async find(name, params: FindParams) {
      await wait();
      const model = modelOf(name);
      let docs = rows(name).filter((doc) => params.deleted || !doc._deletedAt);
      for (const [key, value] of Object.entries({ ...params.query, ...params.filter })) {
        // `{ $in: [...] }` (names of documents by id, as the queues and time tracking ask) or equality.
        const among = isIn(value) ? value.$in : undefined;
        docs = docs.filter((doc) =>
          among
            ? among.includes(doc[key])
            : Array.isArray(doc[key])
              ? (doc[key] as unknown[]).includes(value)
              : doc[key] === value,
        );
      }
      const filters = params.filterFields ? filterOptions(name, params.filterFields, docs) : undefined;
      const search = params.search?.trim().toLowerCase();
      if (search)
        docs = docs.filter((doc) =>
          model.searchable.some((field) =>
            String(fieldValue(doc, field) ?? '')
              .toLowerCase()
              .includes(search),
          ),
        );
      for (const [field, direction] of Object.entries(params.sort ?? model.defaultSort).reverse()) {
        docs = [...docs].sort((a, b) => direction * compare(a[field], b[field]));
      }
      const limit = params.limit ?? docs.length;
      const page = params.page ?? 0;
      const results = docs.slice(page * limit, page * limit + limit).map((doc) => populate(name, doc, params.populate));
      return { results, total: docs.length, ...(filters ? { filters } : {}) };
    },
    async findById(name, id, fields, deleted) {
      await wait();
      const doc = rows(name).find((row) => row._id === id && (deleted || !row._deletedAt));
      if (!doc) throw new ApiError(404, `${modelOf(name).label} ${id} not found`);
      return populate(name, doc, fields);
    },
    async save(name, input) {
      await wait();
      const model = modelOf(name);
      const missing = model.fields.filter((f) => f.required && (input[f.name] === undefined || input[f.name] === ''));
      if (missing.length) {
        const fields = Object.fromEntries(missing.map((f) => [f.name, 'must not be empty']));
        throw new ApiError(400, `${missing[0].name}: must not be empty`, fields);
      }
      const now = new Date().toISOString();
      const id = typeof input._id === 'string' && input._id !== 'new' ? input._id : undefined;
      const existing = id ? rows(name).find((row) => row._id === id) : undefined;
      if (existing && input._version !== undefined && input._version !== existing._version) {
        throw new ApiError(409, 'The document was changed by someone else; reload it');
      }
      const doc: Doc = {
        ...existing,
        ...input,
        _id: id ?? createObjectId(),
        _version: ((existing?._version as number) ?? 0) + 1,
        _updatedAt: now,
      };
      doc._createdAt ??= now;
      if (existing) rows(name).splice(rows(name).indexOf(existing), 1, doc);
      else rows(name).push(doc);
      return structuredClone(doc);
    },
    async remove(name, id) {
      await wait();
      data[name] = rows(name).filter((row) => row._id !== id);
    },
    async login(username, password) {
      await wait();
      if (username !== user.login || !password) throw new ApiError(401, 'Invalid username or password');
      return { token: 'memory-token', user };
    },
    async self() {
      await wait();
      return user;
    },
    async logout() {
      await wait();
    },
  };
}
