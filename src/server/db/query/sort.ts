import { badRequest } from '../../errors';
import { ident, join, sql, type Sql } from '../sql';
import { isPlainObject, LIMITS, shorten, type QueryContext } from './context';
import { resolvePath, type Shape } from './paths';

type Direction = 'ASC' | 'DESC';

const DIRECTIONS: Record<string, Direction> = {
  '1': 'ASC',
  '-1': 'DESC',
  asc: 'ASC',
  desc: 'DESC',
  ascending: 'ASC',
  descending: 'DESC',
};

/**
 * `{ field: 1 | -1 }` as an ORDER BY list (without the keywords). Missing and null come first
 * ascending and last descending, as in MongoDB (the field indexes are built `NULLS FIRST` so both
 * directions use them). `_id` is appended, in the direction of the last key, for a stable order.
 */
export function translateSort(input: unknown, ctx: QueryContext): Sql {
  const spec = input ?? {};
  if (!isPlainObject(spec)) throw badRequest('Sort must be an object like { name: 1 }');
  const entries = Object.entries(spec);
  if (entries.length > LIMITS.sortKeys) throw badRequest(`Sort by at most ${LIMITS.sortKeys} fields`);
  const parts: Sql[] = [];
  let last: Direction = 'ASC';
  for (const [path, value] of entries) {
    if (path.startsWith('$')) throw badRequest(`Unknown sort operator ${shorten(path)}`);
    const direction = directionOf(value, path);
    const { leaf, through } = resolvePath(path, ctx);
    if (through.length > 0 || leaf.kind === 'array' || leaf.kind === 'any') {
      throw badRequest(`Field ${shorten(path)} of ${ctx.model.label} cannot be sorted`);
    }
    parts.push(orderBy(leaf, direction));
    last = direction;
  }
  if (!Object.hasOwn(spec, '_id')) parts.push(last === 'ASC' ? sql`${ident('_id')} ASC` : sql`${ident('_id')} DESC`);
  return join(parts, ', ');
}

function directionOf(value: unknown, path: string): Direction {
  const name = typeof value === 'number' || typeof value === 'string' ? String(value).toLowerCase() : '';
  if (!Object.hasOwn(DIRECTIONS, name)) throw badRequest(`Invalid sort direction for ${shorten(path)}: use 1 or -1`);
  return DIRECTIONS[name];
}

function orderBy(leaf: Extract<Shape, { kind: 'column' | 'scalar' }>, direction: Direction): Sql {
  const expression = leaf.kind === 'column' ? leaf.column : leaf.sorted;
  const nullable = leaf.kind === 'scalar' || leaf.nullable;
  if (direction === 'ASC') return nullable ? sql`${expression} ASC NULLS FIRST` : sql`${expression} ASC`;
  return nullable ? sql`${expression} DESC NULLS LAST` : sql`${expression} DESC`;
}
