import type { JsonSchema } from '../../../shared/registry';

/** Last copied item, for browsers that refuse clipboard access (no secure context, denied permission). */
let fallback: string | undefined;

export async function copyItem(item: unknown): Promise<void> {
  const text = JSON.stringify(item ?? null);
  fallback = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // The in-page copy above still lets the item be pasted in this tab.
  }
}

export async function readClipboard(): Promise<string | undefined> {
  try {
    const text = await navigator.clipboard.readText();
    if (text) return text;
  } catch {
    // Fall back to the last item copied in this page.
  }
  return fallback;
}

function matchesType(value: unknown, schema: JsonSchema): boolean {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return true;
  return types.some((type) => {
    if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
    if (type === 'array') return Array.isArray(value);
    if (type === 'integer') return Number.isInteger(value);
    if (type === 'null') return value === null;
    return typeof value === type;
  });
}

/**
 * The item to insert from pasted text, or undefined: text that is not valid JSON, or JSON of the
 * wrong type for the array's items, is logged with console.warn and ignored.
 */
export function parsePastedItem(text: string | undefined, itemSchema: JsonSchema): unknown {
  if (text === undefined || text.trim() === '') {
    console.warn('Paste ignored: the clipboard is empty');
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn('Paste ignored: the clipboard does not hold valid JSON', error);
    return undefined;
  }
  if (!matchesType(value, itemSchema)) {
    console.warn(`Paste ignored: the clipboard holds JSON of the wrong type for ${itemSchema.title ?? 'this list'}`);
    return undefined;
  }
  return value;
}
