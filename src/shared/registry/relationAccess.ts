import type { Access } from '../vocabulary';
import type { ModelInfo } from './models';

/** Whether every caller granted `granted` also holds `needed` (admin and superuser hold every permission). */
export function accessImplies(granted: Access, needed: Access): boolean {
  if (granted === 'nobody' || needed === 'public') return true;
  if (needed === 'nobody' || granted === 'public') return false;
  return needed === 'authenticated' || granted === needed;
}

/**
 * Required relations that some of the model's creators cannot fill in: who may create the model (its
 * `create` access) may not read the related model, so the admin has no documents to offer and its
 * SAVE is always refused for the empty field. One message per field (empty when nothing is wrong).
 */
export function relationAccessProblems(models: Record<string, ModelInfo>): string[] {
  return Object.values(models).flatMap((model) =>
    model.fields.flatMap((field) => {
      const target = field.relation && models[field.relation.model];
      if (!field.required || !target) return [];
      const { create } = model.permission;
      const { read } = target.permission;
      return accessImplies(create, read)
        ? []
        : [
            `${model.name}.${field.name}: who may create ${model.label} (${create}) may not read ${target.label} (${read}), which the required field needs: grant the read, or make the field optional`,
          ];
    }),
  );
}
