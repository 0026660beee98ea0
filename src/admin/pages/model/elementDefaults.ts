import { deepEqual } from './merge';

type Props = Record<string, unknown>;

/**
 * The props as the element form shows them: the element's schema defaults under its props, as the
 * public site renders an element (src/site/render/elementMeta.ts, withDefaults: the defaults of its
 * own props, under them). An optional value the props leave out shows what visitors see ('Senden'),
 * not an empty field. `emptied`: props the user has just emptied, shown empty while they type (the
 * saved draft leaves them out, and the default came back into the field under the cursor).
 */
export function shownProps(defaults: Props, props: Props | undefined, emptied: ReadonlySet<string> = new Set()) {
  const shown: Props = {};
  for (const [key, value] of Object.entries(defaults)) if (!emptied.has(key)) shown[key] = structuredClone(value);
  return { ...shown, ...props };
}

/**
 * The props to store from the form's data: a default the form only showed (the props leave it out)
 * stays out while it is unchanged. Opening or editing an element writes only what the user changed,
 * and the element goes on following its schema's defaults, as before.
 */
export function storedProps(data: Props, props: Props | undefined, defaults: Props): Props {
  const stored = { ...data };
  for (const key of Object.keys(defaults))
    if (!(props && Object.hasOwn(props, key)) && deepEqual(stored[key], defaults[key])) delete stored[key];
  return stored;
}

/** The props the user has emptied (undefined in the form's data where the element has a default), less those given a value again. */
export function emptiedProps(previous: ReadonlySet<string>, data: Props, defaults: Props): ReadonlySet<string> {
  const next = new Set(previous);
  for (const key of Object.keys(defaults)) {
    if (data[key] !== undefined) next.delete(key);
    else if (Object.hasOwn(data, key)) next.add(key);
  }
  return next.size === previous.size && [...next].every((key) => previous.has(key)) ? previous : next;
}
