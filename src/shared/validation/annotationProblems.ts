import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { DATA_KEYS } from '../registry/references';
import { VOCABULARY } from '../vocabulary';
import { fieldErrors } from './createAjv';

type Keyword = keyof typeof VOCABULARY;

/** Keys whose values map names (a field named `x-ray`) to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

let validators: Map<Keyword, ValidateFunction> | undefined;

function validatorOf(keyword: Keyword): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
    validators = new Map(
      Object.entries(VOCABULARY).map(([name, entry]) => [name as Keyword, ajv.compile(entry.schema)]),
    );
  }
  return validators.get(keyword)!;
}

/**
 * What is wrong with the annotations (`x-` keywords) of one schema, one line each, in words a developer
 * acts on: where (`properties.client.x-relation`), what (`must be an object with model, populate`;
 * every allowed value of a list), and where the keyword is described. Ajv's own compile error only says
 * `keyword "x-relation" value is invalid at path "#/properties/client": data must be object`.
 */
export function annotationProblems(schema: unknown): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, at: string[], names = false) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, [...at, String(i)]));
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const where = [...at, key].join('.');
      if (names) visit(value, [...at, key]);
      else if (!key.startsWith('x-')) {
        if (!DATA_KEYS.has(key)) visit(value, [...at, key], NAME_MAPS.has(key));
      } else if (!(key in VOCABULARY)) {
        problems.push(`${where}: is not an annotation (src/shared/vocabulary.ts lists them)`);
      } else {
        const validate = validatorOf(key as Keyword);
        if (validate(value)) continue;
        for (const line of describe(validate.errors ?? []))
          problems.push(`${where}${line} (src/shared/vocabulary.ts describes ${key})`);
      }
    }
  };
  visit(schema, []);
  return problems;
}

/**
 * Each error as `.path: message`. A value that fails every branch of an `anyOf` (`nav`: `false` or an
 * object) is told what is wrong inside the branch it meant, not that it is not `false` either.
 */
function describe(errors: ErrorObject[]): string[] {
  let meant = errors;
  for (const choice of errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf'))
    meant = meantBranch(meant, choice);
  return meant.map((error) => {
    const [said] = fieldErrors([error]);
    const field = said?.field ?? error.instancePath.split('/').slice(1).join('.');
    // Every allowed value: the developer picks one from the list (a form's message only counts a long one).
    const message =
      error.keyword === 'enum'
        ? `must be one of ${(error.params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`
        : `${said?.message ?? error.message ?? 'is invalid'}${keysNeeded(error)}`;
    return `${field ? `.${field}` : ''}: ${message}`;
  });
}

/** ` with model, populate` after `must be an object` when the object needs keys. */
function keysNeeded(error: ErrorObject): string {
  const required = (error.parentSchema as { required?: string[] } | undefined)?.required;
  return error.keyword === 'type' && error.params.type === 'object' && required?.length
    ? ` with ${required.join(', ')}`
    : '';
}

/**
 * The errors of the branch of `choice` (an `anyOf` or `oneOf` error) the value meant, without `choice`
 * itself: branches whose type it has (a string is not told it is not an object), of those the ones it got
 * furthest into (an object with a wrong icon is told about the icon, not that it is not `false`).
 */
function meantBranch(errors: ErrorObject[], choice: ErrorObject): ErrorObject[] {
  const prefix = `${choice.schemaPath}/`;
  const branchOf = (error: ErrorObject) =>
    error.schemaPath.startsWith(prefix) ? error.schemaPath.slice(prefix.length).split('/')[0] : undefined;
  const depth = (error: ErrorObject) => error.instancePath.split('/').length;
  const inside = errors.filter((error) => branchOf(error) !== undefined);
  const wrongType = new Set(
    inside
      .filter((error) => error.instancePath === choice.instancePath && ['type', 'const'].includes(error.keyword))
      .map(branchOf),
  );
  const typed = inside.filter((error) => !wrongType.has(branchOf(error)));
  const candidates = typed.length ? typed : inside;
  const deepest = Math.max(...candidates.map(depth));
  const kept = new Set(candidates.filter((error) => depth(error) === deepest).map(branchOf));
  return errors.filter((error) => error !== choice && (branchOf(error) === undefined || kept.has(branchOf(error))));
}
