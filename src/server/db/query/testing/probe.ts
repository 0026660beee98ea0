import { createRegistry, type FieldInfo, type JsonSchema, type ModelInfo } from '../../../../shared/registry';
import type { QueryContext } from '../context';

/** A synthetic model with one field of every shape the translator distinguishes. */
export const probeSchema: JsonSchema = {
  $id: 'https://baukasten.dev/schemas/models/probe.schema.json',
  title: 'Probe',
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', 'x-searchable': true, 'x-sortable': true },
    code: { type: ['string', 'null'], 'x-searchable': true },
    total: { type: 'number', 'x-sortable': true },
    count: { type: 'integer', 'x-filterable': true },
    active: { type: 'boolean' },
    due: { type: 'string', format: 'date', 'x-sortable': true },
    tags: { type: 'array', items: { type: 'string' }, 'x-filterable': true },
    scores: { type: 'array', items: { type: 'number' } },
    address: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        zip: { type: 'integer' },
        geo: { type: 'object', properties: { lat: { type: 'number' } } },
      },
    },
    lines: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } },
    },
    extra: { type: 'object', title: 'Free-form' },
    password: { type: 'string', 'x-secret': 'argon2id' },
    salary: { type: 'number', 'x-roles': ['admin'] },
  },
};

export const probeRegistry = createRegistry({ models: { probe: probeSchema }, elements: {}, values: {} });
export const probe: ModelInfo = probeRegistry.models.probe;

/** A caller without the `admin` role: `salary` is not readable. */
export const probeContext: QueryContext = {
  model: probe,
  canRead: (field: FieldInfo) => !field.secret && !field.roles,
};

/** Deterministic pseudo-random numbers (mulberry32), so a failing case can be replayed. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

export type Random = ReturnType<typeof prng>;
