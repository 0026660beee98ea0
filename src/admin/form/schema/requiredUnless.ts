import type { JsonSchema } from '../../../shared/registry';

/**
 * Fields a schema requires only while others are missing: `if: { required: [A] }, else: { required: [B] }` says
 * B is required unless A is given (a transaction's CHF amount, unless its EUR amount is). rjsf merges the branch
 * into `required` and would mark B with a plain asterisk while A is empty, as if B were always needed; the form
 * names the alternatives beside the mark instead. Answers B's name → the titles of A's fields.
 */
export function requiredUnless(schema: JsonSchema): Record<string, string[]> {
  const condition = schema.if as JsonSchema | undefined;
  const otherwise = schema.else as JsonSchema | undefined;
  if (!condition || !otherwise || !Array.isArray(condition.required)) return {};
  // Only a condition that is "these fields are given" (a branch's `properties: { x: true }` says nothing).
  const keys = Object.keys(condition).filter((key) => key !== 'required' && key !== 'properties');
  const given = Object.values(condition.properties ?? {}).every((value) => (value as unknown) === true);
  if (keys.length > 0 || !given || condition.required.length === 0) return {};
  const titles = condition.required.map((name) => schema.properties?.[name]?.title ?? name);
  return Object.fromEntries((otherwise.required ?? []).map((name) => [name, titles]));
}
