/**
 * The safe query translator: MongoDB-style filters and sorts to parameterized SQL over the
 * one-table-per-model layout of `../tables.ts`. `differential.test.ts` holds it to mingo.
 *
 * Where it deliberately differs from MongoDB:
 * - `$gt/$gte/$lt/$lte` need a string, number or boolean (no null); equality with an embedded
 *   object, nested arrays in values, and numeric path segments (`tags.0`) are refused: use dotted paths.
 * - Paths cross arrays only where the schema declares an array of objects (`lines.qty`); free-form
 *   values are not crossed mid-path. `{ 'lines.qty': null }` matches a missing/null `lines` or an
 *   element with an explicit null (mingo's reading), not an element lacking `qty`.
 * - System timestamps compare as instants (any ISO-8601 form, UTC without an offset); `$regex`
 *   on them matches nothing; `_deletedAt` "exists" when set.
 * - Fields the schema types as string/number/boolean are compared through the index casts, so
 *   they rely on validated documents. String order is the database collation's (C in PGlite,
 *   code point order as in MongoDB).
 * - `$regex`: JavaScript syntax without lookarounds, backreferences, named groups, `\p`, `\c`,
 *   `[]`, `[^]`, `[\W]` or a literal `{`; only the `i` option.
 * - Sorting only by string, number, boolean and system fields (not arrays, objects, free-form or
 *   crossed paths); null and missing sort together, first ascending; `_id` breaks ties.
 */
export type { QueryContext } from './context';
export { LIMITS } from './context';
export { translateWhere } from './where';
export { translateSort } from './sort';
export { translateSearch } from './search';
