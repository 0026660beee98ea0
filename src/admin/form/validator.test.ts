import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { prepareSchema } from './schema/prepareSchema';
import { storedSecretsOptional } from './schema/storedSecrets';
import { exampleDocument, registry, rootSchemas } from './stories/fixtures';
import { formValidator } from './validator';

describe('formValidator', () => {
  it('compiles every model schema with our x- keywords and accepts the schema examples', () => {
    const warn = vi.spyOn(console, 'warn');
    for (const model of Object.keys(registry.models)) {
      // The form of a saved document: its stored secrets are not sent back, nor required.
      const schema = storedSecretsOptional(prepareSchema(registry.models[model].schema, rootSchemas)) as RJSFSchema;
      const { _createdAt, _updatedAt, _version, _id, ...example } = exampleDocument(model);
      const result = formValidator.validateFormData(example, schema);
      expect(result.errors, model).toEqual([]);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('reports what is wrong', () => {
    const schema = prepareSchema(registry.models.invoice.schema, rootSchemas) as RJSFSchema;
    const { errors } = formValidator.validateFormData(
      { name: 'A', client: 'nope', date: '2024-01-01', status: 'paid' },
      schema,
    );
    expect(errors.map((e) => e.property)).toContain('.client');
  });
});
