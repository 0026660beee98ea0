import type { JsonSchema, SchemaSet } from './jsonSchema';

/** Looks schemas up by `$id` and follows `$ref`s (relative to the referring schema's `$id`). */
export class SchemaResolver {
  private readonly byId = new Map<string, JsonSchema>();

  constructor(set: SchemaSet) {
    for (const kind of [set.models, set.elements, set.values]) {
      for (const schema of Object.values(kind)) if (schema.$id) this.byId.set(schema.$id, schema);
    }
  }

  /** Absolute `$id` of what `ref` points to from a schema whose base is `baseId`. */
  static target(ref: string, baseId: string | undefined): string {
    return baseId ? new URL(ref, baseId).href : ref;
  }

  get(id: string): JsonSchema | undefined {
    const [file, pointer] = id.split('#');
    const schema = this.byId.get(file);
    if (!schema || !pointer) return schema;
    return pointer
      .split('/')
      .filter(Boolean)
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[decodeURIComponent(key)],
        schema,
      ) as JsonSchema | undefined;
  }

  /**
   * The schema with its top-level `$ref` replaced by the target, the referring schema's own
   * keywords winning (so `{ $ref: object-id, title: 'Client' }` keeps its title). Follows chains.
   */
  deref(schema: JsonSchema, baseId: string | undefined): { schema: JsonSchema; baseId: string | undefined } {
    let current = schema;
    let base = baseId;
    for (let depth = 0; current.$ref && depth < 16; depth++) {
      const id = SchemaResolver.target(current.$ref, base);
      const target = this.get(id);
      if (!target) throw new Error(`Unresolvable $ref ${current.$ref} from ${base ?? '(no $id)'}`);
      const { $ref: _ref, ...own } = current;
      current = { ...target, ...own, $id: undefined };
      base = id.split('#')[0];
      if (target.$ref) current.$ref = target.$ref;
    }
    return { schema: current, baseId: base };
  }
}
