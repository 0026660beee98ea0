import type { FastifyInstance } from 'fastify';
import { LOGGING_BATCH_LIMIT, type CreateEntryAnswer, type CreateEntryRequest } from '../../../shared/api/logging';
import { createAjv, describeErrors, fieldErrors } from '../../../shared/validation/createAjv';
import { badRequest, unauthorized } from '../../errors';
import type { Services } from '../../services';

/**
 * The diagnostics tool's upload (spec section 7, `logging/createEntry`): a frame or a batch of frames,
 * stored through the document operations (permissions, events). A batch is all or nothing: every frame
 * is checked against the logging-frame schema first, and the first invalid one answers 400 naming it.
 */
export function loggingRoutes(app: FastifyInstance, { documents, registry }: Services): void {
  const model = registry.model('loggingFrame')!;
  const ajv = createAjv({ ...registry.schemas, models: { loggingFrame: model.schema } });
  const validate = ajv.getSchema(model.schema.$id!)!;

  app.post<{ Body: CreateEntryRequest }>(
    '/api/logging/createEntry',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        summary: 'Stores logging frames of the diagnostics tool (one, or { frames: [...] } up to 100)',
        tags: ['logging'],
        body: { type: 'object' },
      },
    },
    async (request): Promise<CreateEntryAnswer> => {
      if (!request.caller.user) throw unauthorized('Log in to upload logging frames');
      const body = request.body as Record<string, unknown>;
      const frames = 'frames' in body ? body.frames : [body];
      if (!Array.isArray(frames) || frames.length === 0) throw badRequest('frames must be a non-empty array');
      if (frames.length > LOGGING_BATCH_LIMIT)
        throw badRequest(`At most ${LOGGING_BATCH_LIMIT} frames per request (got ${frames.length})`);
      frames.forEach((frame, index) => {
        if (!validate(frame)) {
          const where = frames.length > 1 || 'frames' in body ? `frames[${index}]: ` : '';
          throw badRequest(`${where}${describeErrors(fieldErrors(validate.errors))}`);
        }
      });
      for (const frame of frames)
        await documents.save(request.caller, 'loggingFrame', frame as Record<string, unknown>);
      return { stored: frames.length };
    },
  );
}
