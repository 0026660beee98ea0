import type { ModelInfo, Registry } from '../../../shared/registry';
import type { FilterOption } from '../../../shared/api/documents';
import { distinctLabels } from '../../../shared/admin/distinctLabels';
import { relatedLabel, unknownRelated } from '../../../shared/admin/relatedLabel';
import type { Caller } from '../../access/caller';
import { columnExpression, expressionKind } from '../../db/tables';
import { badRequest } from '../../errors';
import { canReadField, readScope } from './access';
import { relatedScope, relatedView, type SharedRelation } from './relatedLabels';
import type { DocumentRepository, Scope } from './repository';

const MAX_OPTIONS = 200;

/**
 * The values a list's filter dropdown offers for each requested field: enum values with their
 * labels, booleans, or the distinct stored values (relations labelled by their target's label field,
 * never by their key: `Alte Kundin AG (deleted)`, `Unknown client`). The value a field is filtered by
 * is always among them, labelled like the others (a client past the first 200, one typed into a link), last.
 * Labels that repeat are numbered (`Unknown client (2)`: two gone clients, or one and the value a link filters by).
 * Distinct values are cached per model, field and caller roles until a document of the model changes.
 */
export class FilterValues {
  private readonly cache = new Map<string, FilterOption[]>();

  constructor(
    private readonly repo: DocumentRepository,
    private readonly registry: Registry,
  ) {}

  /** Forget cached values; called on every document change event. */
  invalidate(): void {
    this.cache.clear();
  }

  async forFields(
    caller: Caller,
    model: ModelInfo,
    fields: string[],
    filter: Record<string, unknown> = {},
  ): Promise<Record<string, FilterOption[]>> {
    const result: Record<string, FilterOption[]> = {};
    for (const name of [...new Set(fields)]) {
      const options = await this.forField(caller, model, name);
      const current = filter[name];
      const missing = isScalar(current) && !options.some((option) => option.value === current);
      result[name] = distinctLabels(
        missing ? [...options, ...(await this.currentOption(caller, model, name, current))] : options,
      );
    }
    return result;
  }

  /** The option of a value the field is filtered by that its distinct values do not hold. */
  private async currentOption(caller: Caller, model: ModelInfo, name: string, value: Scalar): Promise<FilterOption[]> {
    const field = model.fields.find((f) => f.name === name);
    if (field?.relation) return this.labelled(caller, field.relation, [value]);
    return [{ value, label: String(value) }];
  }

  private async forField(caller: Caller, model: ModelInfo, name: string): Promise<FilterOption[]> {
    const field = model.fields.find((f) => f.name === name);
    if (!field || !canReadField(caller, field)) throw badRequest(`Unknown field ${name} of ${model.label}`);
    if (!field.filterable) throw badRequest(`Field ${name} of ${model.label} is not filterable`);
    if (field.enumValues)
      return field.enumValues.map((value, i) => ({ value, label: field.enumLabels?.[i] ?? String(value) }));
    if (field.type === 'boolean')
      return [
        { value: true, label: 'Ja' },
        { value: false, label: 'Nein' },
      ];
    const key = `${model.name}\u0000${name}\u0000${caller.almighty ? '*' : caller.roles.join(',')}\u0000${caller.user?._id ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const scope: Scope = { read: readScope(caller, model) };
    const kind = expressionKind(field);
    const values =
      kind === 'json'
        ? await this.repo.distinctElements(model.name, name, scope, MAX_OPTIONS)
        : await this.repo.distinct(model.name, columnExpression(model, name, kind), scope, MAX_OPTIONS);
    const options = field.relation
      ? await this.labelled(caller, field.relation, values)
      : values.map((value) => ({ value, label: String(value) })).sort(byLabel);
    this.cache.set(key, options);
    return options;
  }

  private async labelled(caller: Caller, relation: SharedRelation & { model: string }, values: unknown[]) {
    const target = this.registry.model(relation.model);
    const unknown = unknownRelated(target?.label ?? relation.model);
    // Relation labels, like populate, also name soft-deleted targets, and shared labels of targets the caller may not read.
    const scope = target && relatedScope(caller, target, relation);
    const docs = target && scope ? await this.repo.findByKeys(target, relation.key, values.map(String), scope) : [];
    const labels = new Map<string, string>();
    for (const doc of docs) {
      const visible = target && relatedView(caller, target, relation, doc);
      const label = visible?.[relation.label];
      if (label === undefined || label === null || label === '') continue;
      // Only a caller who may see deleted documents learns that one is (a shared label alone does not tell).
      labels.set(String(doc[relation.key]), relatedLabel(String(label), visible?._deletedAt !== undefined));
    }
    return values.map((value) => ({ value, label: labels.get(String(value)) ?? unknown })).sort(byLabel);
  }
}

/** Options in the order lists sort names (SORT_COLLATION): umlauts among their letters, numbers as numbers. */
const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'de', { numeric: true });

type Scalar = string | number | boolean;

const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
