import type { FieldInfo, ModelInfo } from '../../../shared/registry';
import type { Display } from '../../../shared/vocabulary';

/** How a cell draws its value; every kind has a renderer in the admin's cell registry. */
export type CellKind =
  | 'text'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'enum'
  | 'relation'
  | 'list'
  | 'object'
  | 'secret'
  | Display;

export interface ColumnSpec {
  field: string;
  label: string;
  kind: CellKind;
  align: 'left' | 'right' | 'center';
  sortable: boolean;
  filterable: boolean;
  info: FieldInfo;
  /** A relation's target model title (`Client`): a document nothing names reads `Unknown client`. */
  related?: string;
  /** The list's model title (`User`), for a secret's column: 'Not set: this user cannot log in …'. */
  modelTitle?: string;
}

/** The kind of cell a field gets, from its schema alone. */
export function cellKind(field: FieldInfo): CellKind {
  // A secret is never answered: its cell says whether it is set (`_secretsSet`).
  if (field.secret) return 'secret';
  if (field.display) return field.display;
  if (field.relation) return 'relation';
  if (field.enumValues && field.type !== 'array') return 'enum';
  if (field.currency) return 'money';
  if (field.format === 'date') return 'date';
  if (field.format === 'date-time') return 'datetime';
  switch (field.type) {
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
      return 'list';
    case 'object':
      return 'object';
    default:
      return 'text';
  }
}

const ALIGN: Partial<Record<CellKind, ColumnSpec['align']>> = { number: 'right', money: 'right', boolean: 'center' };

/**
 * The list columns of a model: its `x-column` fields in schema order. `modelTitle` names a relation's target
 * model (undefined for one the caller's registry lacks: then the field's own title stands for it).
 */
export function listColumns(
  model: Pick<ModelInfo, 'fields' | 'nested' | 'columns' | 'sortable' | 'filterable'> &
    Partial<Pick<ModelInfo, 'label'>>,
  modelTitle: (name: string) => string | undefined = () => undefined,
): ColumnSpec[] {
  return model.columns.map((name) => {
    const info = [...model.fields, ...model.nested].find((field) => field.name === name)!;
    const kind = cellKind(info);
    const related = info.relation && (modelTitle(info.relation.model) ?? info.label);
    return {
      ...(related ? { related } : {}),
      ...(kind === 'secret' && model.label ? { modelTitle: model.label } : {}),
      field: name,
      label: info.label,
      kind,
      align: ALIGN[kind] ?? 'left',
      sortable: model.sortable.includes(name),
      filterable: model.filterable.includes(name),
      info,
    };
  });
}
