import { useMemo } from 'react';
import { OPTION_LIMIT } from '../../../shared/rules/constants';
import { adminApi } from '../data/api';
import { operationsApi } from '../data/operations';
import { useAdminDispatch } from '../data/hooks';

export interface RelationOption {
  value: string;
  label: string;
}

/** Options of relation selects (spec section 7: limit 500, sorted by name), through the same RTK Query cache as the lists. */
export function useFormDataSource() {
  const dispatch = useAdminDispatch();
  return useMemo(
    () => ({
      async loadOptions(model: string, labelField: string, search?: string): Promise<RelationOption[]> {
        const params = { limit: OPTION_LIMIT, sort: { [labelField]: 1 as const }, ...(search ? { search } : {}) };
        const request = dispatch(adminApi.endpoints.find.initiate({ model, params }));
        try {
          const answer = await request.unwrap();
          return answer.results.map((doc) => ({ value: doc._id, label: String(doc[labelField] ?? doc._id) }));
        } finally {
          request.unsubscribe();
        }
      },
      async loadLabel(model: string, labelField: string, id: string) {
        const params = { query: { _id: id }, deleted: true, limit: 1, fields: [labelField] };
        const request = dispatch(adminApi.endpoints.find.initiate({ model, params }));
        try {
          const [doc] = (await request.unwrap()).results;
          return doc && { label: String(doc[labelField] ?? doc._id), deleted: doc._deletedAt !== undefined };
        } finally {
          request.unsubscribe();
        }
      },
      async rewriteText(text: string, prompt: string): Promise<string> {
        return (await dispatch(operationsApi.endpoints.rewriteText.initiate({ text, prompt })).unwrap()).text;
      },
    }),
    [dispatch],
  );
}
