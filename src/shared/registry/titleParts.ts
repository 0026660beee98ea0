import type { TitlePart } from '../vocabulary';

/** A `{path}` or `{path:date}` placeholder of an `x-title` part. */
export const TITLE_PLACEHOLDER = /\{([^{}:]+)(?::(date))?\}/g;

/** The field paths an `x-title` reads, in order, once each: `id`, `data.firstName`, `_createdAt`. */
export function titlePaths(parts: TitlePart[]): string[] {
  const paths = parts.flat().flatMap((template) => [...template.matchAll(TITLE_PLACEHOLDER)].map((match) => match[1]));
  return [...new Set(paths)];
}
