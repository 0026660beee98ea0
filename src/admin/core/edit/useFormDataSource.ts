import { useMemo } from 'react';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { optionFields, optionText, orderByDetails, populatedLabel, relationOptionOf } from '../../form/relationOption';
import type { DocumentRef, FormDataSource, RelationOption, RelationQuery } from '../../form/types';
import { canAccess, mayRead, mayReadDeleted } from '../access';
import { useAdmin } from '../AdminContext';
import { adminApi } from '../data/api';
import { operationsApi } from '../data/operations';
import { useAdminDispatch } from '../data/hooks';

/**
 * Options of relation selects (spec section 7: limit 500, sorted by name, one name's documents by their
 * details; only documents matching the relation's `where`), through the same RTK Query cache as the lists.
 */
export function useFormDataSource(): FormDataSource {
  const dispatch = useAdminDispatch();
  const { registry, permissions, user } = useAdmin();
  return useMemo(
    () => ({
      // A model the server sent no schema of, or one read by a permission the caller lacks: its list is refused.
      mayRead: (model: string) => mayRead({ permissions, user }, registry.model(model)),
      mayBrowseFiles: canAccess(permissions, 'manage:files'),
      documentLink(model: string, id: string) {
        const target = registry.model(model);
        return target && mayRead({ permissions, user }, target) ? `${target.route}/${id}` : undefined;
      },
      async loadOptions(relation: RelationQuery, search?: string): Promise<RelationOption[]> {
        if (!mayRead({ permissions, user }, registry.model(relation.model))) return [];
        const params = {
          limit: OPTION_LIMIT,
          sort: { [relation.labelField]: 1 as const },
          fields: optionFields(relation),
          ...(relation.where ? { query: relation.where } : {}),
          ...(search ? { search } : {}),
        };
        const request = dispatch(adminApi.endpoints.find.initiate({ model: relation.model, params }));
        try {
          const answer = await request.unwrap();
          return orderByDetails(answer.results, relation).map((doc) => relationOptionOf(doc, relation));
        } finally {
          request.unsubscribe();
        }
      },
      async loadLabel(relation: RelationQuery, id: string, source?: DocumentRef) {
        const target = registry.model(relation.model);
        if (target && mayRead({ permissions, user }, target)) {
          // Deleted ones too, where the server lets the caller see them (files: only who manages them; others 403).
          const deleted = mayReadDeleted({ permissions }, target);
          const params = { query: { _id: id }, deleted, limit: 1, fields: optionFields(relation) };
          const request = dispatch(adminApi.endpoints.find.initiate({ model: relation.model, params }));
          try {
            const [doc] = (await request.unwrap()).results;
            if (doc)
              return { label: optionText(relationOptionOf(doc, relation)), deleted: doc._deletedAt !== undefined };
          } catch {
            // Not readable after all (a document of an owner model the user does not own): the source may share it.
          } finally {
            request.unsubscribe();
          }
        }
        if (!source || !relation.path) return undefined;
        // A target the user may not read: the server shares its label with readers of the stored document
        // that refers to it (`x-relation.shareLabel`), or leaves the id there.
        const args = { model: source.model, id: source.id, populate: [relation.path] };
        const populated = dispatch(adminApi.endpoints.findById.initiate(args));
        try {
          return populatedLabel(await populated.unwrap(), relation, id);
        } catch {
          return undefined;
        } finally {
          populated.unsubscribe();
        }
      },
      async rewriteText(text: string, prompt: string): Promise<string> {
        return (await dispatch(operationsApi.endpoints.rewriteText.initiate({ text, prompt })).unwrap()).text;
      },
    }),
    [dispatch, registry, permissions, user],
  );
}
