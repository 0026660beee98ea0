import type { FieldInfo, ModelInfo, SchemaResolver } from '../../../shared/registry';

/** What the translator needs to know about the model and the caller. */
export interface QueryContext {
  model: ModelInfo;
  /** May the caller read this top-level field (role restrictions, `x-roles`)? Secret fields are refused regardless. */
  canRead(field: FieldInfo): boolean;
  /** Follows `$ref`s below the top level (e.g. `items.price` of an invoice); without it such nodes are free-form. */
  resolver?: SchemaResolver;
}

/** Bounds on what one request may ask of the database. */
export const LIMITS = {
  /** Nesting of objects and arrays in a query (`$and` inside `$or` inside a field condition ...). */
  depth: 8,
  /** Field conditions, operators and logical operators together. */
  conditions: 100,
  /** Values of one `$in`, `$nin`, `$all` or array literal. */
  listItems: 1000,
  /** Values (SQL parameters) of one query or filter in all: twice both stays far below PostgreSQL's 65,535. */
  values: 10_000,
  regexLength: 200,
  searchLength: 200,
  stringLength: 10_000,
  pathSegments: 10,
  pathLength: 300,
  sortKeys: 8,
} as const;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** A literal object (JSON-parsed or `{}`), not a Date, RegExp, Map or class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Request text in error messages is cut short: messages name the offender, they do not echo payloads. */
export function shorten(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
