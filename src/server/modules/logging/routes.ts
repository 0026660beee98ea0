import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  LOGGING_BATCH_LIMIT,
  LOGGING_BODY_LIMIT_BYTES,
  LOGGING_URLS,
  type CreateEntryAnswer,
  type CreateEntryRequest,
  type LogFramesAnswer,
  type LoggingFrame,
  type LogSessionsAnswer,
} from '../../../shared/api/logging';
import { hasAccess, type Caller } from '../../access/caller';
import { createAjv, describeErrors, fieldErrors } from '../../../shared/validation/createAjv';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { LoggingRepository } from './repository';
import type { Services } from '../../services';

/**
 * The diagnostics tool's upload (spec section 7, `logging/createEntry`): a frame or a batch of frames,
 * stored through the document operations (permissions, events). A batch is all or nothing: every frame
 * is checked against the logging-frame schema first, and the first invalid one answers 400 naming it.
 */
export function loggingRoutes(app: FastifyInstance, { documents, registry, db, config }: Services): void {
  const model = registry.model('loggingFrame')!;
  const repository = new LoggingRepository(db);
  /** A token bucket per user: LOGGING_RATE_PER_MINUTE frames, refilled evenly over the minute. */
  const buckets = new Map<string, { tokens: number; at: number }>();
  const takeRate = (userId: string, frames: number) => {
    const capacity = config.loggingRatePerMinute;
    const now = Date.now();
    const bucket = buckets.get(userId) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) * capacity) / 60_000);
    bucket.at = now;
    buckets.set(userId, bucket);
    if (bucket.tokens < frames)
      throw new HttpError(429, `Too many logging frames: at most ${capacity} per minute`, {
        retryAfter: Math.ceil(((frames - bucket.tokens) * 60) / capacity),
      });
    bucket.tokens -= frames;
  };
  const mayRead = (caller: Caller) => {
    if (!caller.user) throw unauthorized('Log in to read logging sessions');
    if (!hasAccess(caller, model.permission.read)) throw forbidden('Not allowed to read logging frames');
  };
  const sessionOf = async (id: unknown) => {
    if (typeof id !== 'string' || !id) throw badRequest('session is required');
    const session = await repository.session(id);
    if (!session) throw notFound('Logging session not found');
    return session;
  };
  const ajv = createAjv({ ...registry.schemas, models: { loggingFrame: model.schema } });
  const validate = ajv.getSchema(model.schema.$id!)!;

  app.post<{ Body: CreateEntryRequest }>(
    '/api/logging/createEntry',
    {
      bodyLimit: LOGGING_BODY_LIMIT_BYTES,
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
      takeRate(request.caller.user._id, frames.length);
      frames.forEach((frame, index) => {
        if (!validate(frame)) {
          const where = frames.length > 1 || 'frames' in body ? `frames[${index}]: ` : '';
          throw badRequest(`${where}${describeErrors(fieldErrors(validate.errors))}`);
        }
      });
      // Re-sent frames (a frameId already stored) are skipped; the rest go in one transaction. Two
      // uploads of the same frame racing each other meet the unique index (x-unique): the batch is
      // then tried once more without the frames the other upload stored.
      const batch = frames as LoggingFrame[];
      const storeNew = async () => {
        const ids = batch.map((frame) => frame.frameId).filter((id) => id !== undefined);
        const known = new Set(await repository.knownFrameIds(ids));
        const fresh = batch.filter((frame) => {
          if (frame.frameId === undefined) return true;
          if (known.has(frame.frameId)) return false;
          known.add(frame.frameId);
          return true;
        });
        if (fresh.length)
          await documents.saveMany(request.caller, 'loggingFrame', fresh as unknown as Record<string, unknown>[]);
        return fresh.length;
      };
      let stored: number;
      try {
        stored = await storeNew();
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 409)) throw error;
        stored = await storeNew();
      }
      const duplicates = batch.length - stored;
      return duplicates ? { stored, duplicates } : { stored };
    },
  );

  app.get(
    LOGGING_URLS.sessions,
    { schema: { summary: 'Logging sessions (gap over 60 s)', tags: ['logging'] } },
    async (request): Promise<LogSessionsAnswer> => {
      mayRead(request.caller);
      return { sessions: await repository.sessions() };
    },
  );

  app.get<{ Querystring: { session?: string } }>(
    LOGGING_URLS.frames,
    { schema: { summary: "A session's frames in columns", tags: ['logging'] } },
    async (request): Promise<LogFramesAnswer> => {
      mayRead(request.caller);
      const session = await sessionOf(request.query.session);
      const frames = await repository.frames(session);
      const keys = [...new Set(frames.flatMap((frame) => Object.keys(frame.data)))];
      const columns: LogFramesAnswer['columns'] = {};
      for (const key of keys) columns[key] = frames.map((frame) => frame.data[key] ?? null);
      return { session, time: frames.map((frame) => frame.ts / 1000), columns };
    },
  );

  app.get<{ Querystring: { session?: string } }>(
    LOGGING_URLS.exportCsv,
    { schema: { summary: 'A session as CSV, one column per value', tags: ['logging'] } },
    async (request, reply) => {
      mayRead(request.caller);
      const session = await sessionOf(request.query.session);
      const frames = await repository.frames(session);
      const keys = [...new Set(frames.flatMap((frame) => Object.keys(frame.data)))].sort();
      const lines = function* () {
        yield ['Time', 'Timestamp', ...keys].join(',') + '\n';
        const t0 = frames[0]?.ts ?? 0;
        for (const frame of frames)
          yield (
            [
              ((frame.ts - t0) / 1000).toFixed(3),
              new Date(frame.ts).toISOString(),
              ...keys.map((k) => frame.data[k] ?? ''),
            ].join(',') + '\n'
          );
      };
      const name = `${session.vin}-${session.start.replace(/[:.]/g, '-')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(lines()));
    },
  );
}
