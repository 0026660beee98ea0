import type { FastifyInstance } from 'fastify';
import type {
  DeleteDraftQuery,
  ElementsAnswer,
  PageTreeAnswer,
  PageVersionAnswer,
  PageVersionsAnswer,
  PublishAnswer,
  RedirectStatsAnswer,
  ResetAnswer,
  RestoreAnswer,
  SpellCheckAnswer,
} from '../../../shared/api/pages';
import { OBJECT_ID } from '../../../shared/registry/systemFields';
import type { Services } from '../../services';

const objectId = OBJECT_ID;
const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: objectId },
} as const;
const anyDoc = { type: 'object', additionalProperties: true } as const;
const tags = ['cms'];

/** The page editor's calls (spec section 7): see src/shared/api/pages.ts for every answer's shape. */
export function pageEditorRoutes(app: FastifyInstance, { pages }: Services): void {
  app.get<{ Querystring: { project?: string } }>(
    '/api/cms/pageTree',
    {
      schema: {
        summary: 'The page drafts as a tree, each node saying whether it is published and whether the draft changed',
        tags,
        querystring: { type: 'object', additionalProperties: false, properties: { project: objectId } },
      },
    },
    async (request): Promise<PageTreeAnswer> => pages.pageTree(request.caller, request.query.project),
  );

  app.get<{ Querystring: { id: string } }>(
    '/api/cms/publishPage',
    {
      schema: {
        summary: 'Copies the draft to the live page (keeping a version) and answers the live page',
        tags,
        querystring: idParams,
        response: { 200: anyDoc },
      },
    },
    async (request): Promise<PublishAnswer> => pages.publish(request.caller, request.query.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/cms/resetDraft/:id',
    {
      schema: {
        summary: 'Replaces the draft by the live page and answers the draft',
        tags,
        params: idParams,
        response: { 200: anyDoc },
      },
    },
    async (request): Promise<ResetAnswer> => pages.reset(request.caller, request.params.id),
  );

  app.delete<{ Params: { id: string }; Querystring: DeleteDraftQuery }>(
    '/api/cms/pageDraft/:id',
    {
      schema: {
        summary: 'Deletes a page draft and, with unpublish=true, its live page',
        tags,
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { unpublish: { type: 'string', enum: ['true', 'false'] } },
        },
      },
    },
    async (request, reply) => {
      await pages.deleteDraft(request.caller, request.params.id, request.query.unpublish === 'true');
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/cms/checkPageDraft/:id',
    {
      schema: {
        summary: "Spell-checks every text of the draft in the page's language (site dictionary words pass)",
        tags,
        params: idParams,
      },
    },
    async (request): Promise<SpellCheckAnswer> => pages.check(request.caller, request.params.id),
  );

  app.get(
    '/api/cms/elements',
    { schema: { summary: 'Every element the editor can add: tag, label, schema (config) and style properties', tags } },
    async (request): Promise<ElementsAnswer> => pages.elements(request.caller),
  );

  app.get<{ Params: { id: string } }>(
    '/api/cms/pageVersions/:id',
    { schema: { summary: 'The published versions of a page, newest first', tags, params: idParams } },
    async (request): Promise<PageVersionsAnswer> => pages.versions(request.caller, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/api/cms/pageVersion/:id',
    { schema: { summary: 'One published version of a page, with its content', tags, params: idParams } },
    async (request): Promise<PageVersionAnswer> => pages.version(request.caller, request.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/api/cms/restoreVersion/:id',
    {
      schema: {
        summary: "Copies a published version into the page's draft and answers the draft",
        tags,
        params: idParams,
        response: { 200: anyDoc },
      },
    },
    async (request): Promise<RestoreAnswer> => pages.restore(request.caller, request.params.id),
  );

  app.get(
    '/api/redirectStats',
    { schema: { summary: 'Every redirect with how often the public site served it', tags } },
    async (request): Promise<RedirectStatsAnswer> => pages.redirectStats(request.caller),
  );
}
