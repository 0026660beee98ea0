const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * URL of a splat file. Stored values are file ids, served by `GET /api/files/download?id=`; a path or
 * URL (`/...`, `blob:`, `data:`, `http(s):`) passes through so stories can point at generated files.
 */
export function splatUrl(file: string | undefined): string | undefined {
  if (!file) return undefined;
  if (OBJECT_ID.test(file)) return `/api/files/download?id=${file}`;
  if (/^(\/|blob:|data:|https?:)/.test(file)) return file;
  return undefined;
}
