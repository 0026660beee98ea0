import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import { VOCABULARY } from '../../shared/vocabulary';

/**
 * rjsf's Ajv 8 validator for JSON Schema 2020-12 that knows our `x-` annotation keywords (each with
 * its value schema, as on the server). rjsf needs it to pick defaults and resolve schemas; the
 * form does not validate on its own, the server's errors are shown instead.
 */
export const formValidator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, allowUnionTypes: true },
  extenderFn: (ajv) => {
    for (const [keyword, entry] of Object.entries(VOCABULARY)) ajv.addKeyword({ keyword, metaSchema: entry.schema });
    return ajv;
  },
});
