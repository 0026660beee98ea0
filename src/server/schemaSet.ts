import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaSet } from '../shared/generated/schemas';
import { mergeSchemaSets, schemaNameFromFile, type JsonSchema, type SchemaSet } from '../shared/registry';

/** The committed schemas plus those of extra folders (`SCHEMA_DIRS`), e.g. a test fixture model. */
export async function loadSchemaSet(extraDirs: string[]): Promise<SchemaSet> {
  let set: SchemaSet = schemaSet;
  for (const dir of extraDirs) {
    const extra: SchemaSet = { models: {}, elements: {}, values: {} };
    for (const kind of ['models', 'elements', 'values'] as const) {
      const files = await readdir(path.join(dir, kind)).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.schema.json')).sort()) {
        const schema = JSON.parse(await readFile(path.join(dir, kind, file), 'utf8')) as JsonSchema;
        const name = kind === 'elements' ? (schema['x-tag'] ?? schemaNameFromFile(file)) : schemaNameFromFile(file);
        extra[kind][name] = schema;
      }
    }
    set = mergeSchemaSets(set, extra);
  }
  return set;
}
