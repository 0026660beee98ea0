export type JsonDraft = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Parses the text of the JSON editor. Only a parsable text is passed on as the field's value
 * (empty text clears it); otherwise the parser's message is shown and the value stays unchanged.
 */
export function parseJsonDraft(text: string): JsonDraft {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function jsonToDraft(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}
