/**
 * The API path of an `x-admin.links` entry for one document: each `{field}` becomes that field's
 * value, URL-encoded. Undefined when a field is missing (e.g. a document not saved yet).
 */
export function expandLink(href: string, doc: Record<string, unknown>): string | undefined {
  let missing = false;
  const path = href.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, field: string) => {
    const value = doc[field];
    if (typeof value === 'string' ? value === '' || value === 'new' : typeof value !== 'number') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? undefined : path;
}
