import type {
  AdminAnnotation,
  ComputedAnnotation,
  Currency,
  ElementCategory,
  ModelPermission,
  Access,
  InverseAnnotation,
  RelationAnnotation,
  TitlePart,
  Widget,
  Display,
} from '../vocabulary';

/** The subset of JSON Schema 2020-12 our schemas use, plus the annotation vocabulary. */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  title?: string;
  description?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  'x-plural'?: string;
  'x-permission'?: Access | ModelPermission;
  'x-acl'?: boolean;
  'x-owner'?: string;
  'x-createdBy'?: string;
  'x-ownerWritable'?: boolean;
  'x-roles'?: string[];
  'x-readPermission'?: Access;
  'x-help'?: string;
  'x-writePermission'?: Access;
  'x-secret'?: 'argon2id';
  'x-relation'?: RelationAnnotation;
  'x-inverse'?: InverseAnnotation;
  'x-computed'?: ComputedAnnotation;
  'x-sequence'?: boolean;
  'x-unique'?: boolean | 'ignoreCase';
  'x-currency'?: Currency;
  'x-enumLabels'?: string[];
  'x-patternMessage'?: string;
  'x-default'?: 'today';
  'x-prose'?: false;
  'x-fileUrl'?: true;
  'x-ordered'?: true;
  'x-column'?: boolean;
  'x-compact'?: boolean;
  'x-searchable'?: boolean;
  'x-filterable'?: boolean;
  'x-sortable'?: boolean;
  'x-display'?: Display;
  'x-widget'?: Widget;
  'x-labelField'?: string;
  'x-title'?: TitlePart[];
  'x-admin'?: AdminAnnotation;
  'x-tag'?: string;
  'x-category'?: ElementCategory;
  'x-slots'?: string[];
  'x-ownLayout'?: boolean;
  [keyword: string]: unknown;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** All schema files, keyed by kind and name (model name, element tag, value name). */
export interface SchemaSet {
  models: Record<string, JsonSchema>;
  elements: Record<string, JsonSchema>;
  values: Record<string, JsonSchema>;
}
