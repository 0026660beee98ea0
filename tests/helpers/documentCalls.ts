import { expect } from 'vitest';
import type { createTestApp } from './testApp';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Doc = Record<string, unknown> & { _id: string; _version: number };

/**
 * Saving and reading documents through the API as one user. `save` answers the response (for refusals),
 * `saved` expects 200 and answers the stored document, `read` answers findById. The app and the token are
 * read at each call: test files set them in `beforeAll`.
 */
export function documentCalls(app: () => TestApp, token: () => string) {
  const save = (model: string, doc: object, as = token()) =>
    app().app.inject({
      method: 'POST',
      url: `/api/document/updateOne?model=${model}`,
      headers: app().auth(as),
      payload: doc,
    });
  const saved = async (model: string, doc: object) => {
    const response = await save(model, doc);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Doc;
  };
  const read = async (model: string, id: string) =>
    (
      await app().app.inject({
        method: 'GET',
        url: `/api/document/findById?model=${model}&id=${id}`,
        headers: app().auth(token()),
      })
    ).json() as Doc;
  return { save, saved, read };
}
