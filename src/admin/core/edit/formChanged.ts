type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isObject(value) && Object.keys(value).length === 0);

/**
 * What of a form's data a person changes, in one comparable shape: keys in order, empty values (undefined,
 * null, '', [], {}) and values equal to the schema's default left out (the form fills defaults in by
 * itself), `ignore`d keys (computed, read-only) dropped.
 */
function essence(value: unknown, defaults: unknown, ignore?: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => essence(item, undefined));
  if (!isObject(value)) return value;
  const out: Data = {};
  for (const key of Object.keys(value).sort()) {
    if (ignore?.has(key)) continue;
    const fallback = isObject(defaults) ? defaults[key] : undefined;
    const item = essence(value[key], fallback);
    if (isEmpty(item)) continue;
    if (fallback !== undefined && JSON.stringify(item) === JSON.stringify(essence(fallback, undefined))) continue;
    out[key] = item;
  }
  return out;
}

/**
 * Whether a form holds changes against `base` (what it was loaded or last saved with) that leaving would
 * lose: not the defaults the form filled in, not a value typed back to what it was, not computed fields.
 */
export function formChanged(data: Data, base: Data, defaults?: unknown, ignore?: ReadonlySet<string>): boolean {
  return JSON.stringify(essence(data, defaults, ignore)) !== JSON.stringify(essence(base, defaults, ignore));
}
