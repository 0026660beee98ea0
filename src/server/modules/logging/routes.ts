import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  LOGGING_BATCH_LIMIT,
  LOGGING_BODY_LIMIT_BYTES,
  LOGGING_URLS,
  type CreateEntryAnswer,
  type CreateEntryRequest,
  type LoggingFrame,
  type LogSessionsAnswer,
} from '../../../shared/api/logging';
import { hasAccess, type Caller } from '../../access/caller';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { LoggingRepository } from './repository';
import type { Services } from '../../services';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * The diagnostics tool's upload (spec section 7, `logging/createEntry`): a frame or a batch of frames,
 * stored through the document operations (permissions, validation against the logging-frame schema,
 * events) in one transaction. A batch is all or nothing: the first invalid frame answers 400 naming it
 * (`frames[i]: vin: …`). The frames are validated once, there; the route checks only the envelope.
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
    const found = await repository.sessionFrames(id);
    if (!found) throw notFound('Logging session not found');
    return found;
  };
  app.post<{ Body: CreateEntryRequest }>(
    '/api/logging/createEntry',
    {
      bodyLimit: LOGGING_BODY_LIMIT_BYTES,
      schema: {
        summary: 'Stores logging frames of the diagnostics tool (one, or { frames: [...] } up to 100)',
        tags: ['logging'],
        body: { type: 'object' },
        bodyModel: { model: model.name, batch: { key: 'frames', maxItems: LOGGING_BATCH_LIMIT } },
      },
    },
    async (request): Promise<CreateEntryAnswer> => {
      if (!request.caller.user) throw unauthorized('Log in to upload logging frames');
      const body = request.body as Record<string, unknown>;
      const frames = 'frames' in body ? body.frames : [body];
      if (!Array.isArray(frames) || frames.length === 0) throw badRequest('frames must be a non-empty array');
      if (frames.length > LOGGING_BATCH_LIMIT)
        throw badRequest(`At most ${LOGGING_BATCH_LIMIT} frames per request (got ${frames.length})`);
      const where = (index: number) => ('frames' in body ? `frames[${index}]: ` : '');
      frames.forEach((frame, index) => {
        if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
          throw badRequest(`${where(index)}a frame must be a JSON object`);
      });
      takeRate(request.caller.user._id, frames.length);
      // Re-sent frames (a frameId already stored) are skipped; the rest go in one transaction. Two
      // uploads of the same frame racing each other meet the unique index (x-unique): the batch is
      // then tried once more without the frames the other upload stored.
      const batch = frames as LoggingFrame[];
      const storeNew = async () => {
        const ids = batch.map((frame) => frame.frameId).filter((id) => typeof id === 'string');
        const known = new Set(await repository.knownFrameIds(ids));
        const fresh = batch.flatMap((frame, index) => {
          if (typeof frame.frameId !== 'string') return [{ frame, index }];
          if (known.has(frame.frameId)) return [];
          known.add(frame.frameId);
          return [{ frame, index }];
        });
        if (!fresh.length) return 0;
        try {
          const inputs = fresh.map(({ frame }) => frame as unknown as Record<string, unknown>);
          await documents.saveMany(request.caller, model.name, inputs);
        } catch (error) {
          // The document operations name the failing input by its place among the fresh frames.
          const at = error instanceof HttpError ? error.details.index : undefined;
          if (error instanceof HttpError && error.status === 400 && typeof at === 'number') {
            const index = fresh[at].index;
            throw badRequest(`${where(index)}${error.message}`, { ...error.details, index });
          }
          throw error;
        }
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
    async (request, reply) => {
      mayRead(request.caller);
      const id = request.query.session;
      if (typeof id !== 'string' || !id) throw badRequest('session is required');
      const session = await repository.session(id);
      if (!session) throw notFound('Logging session not found');
      // LogFramesAnswer, its columns built as JSON text in SQL (tens of MB for a long session),
      // compressed when the client accepts it (the values repeat: gzip makes a tenth of it).
      const json = `{"session":${JSON.stringify(session)},${(await repository.sessionColumns(session)).slice(1)}`;
      const accept = request.headers['accept-encoding'] ?? '';
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (json.length < 1024) return reply.send(json);
      if (/\bbr\b/.test(accept)) {
        const body = await brotli(json, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) },
        });
        return reply.header('content-encoding', 'br').send(body);
      }
      if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(await gzip(json, { level: 6 }));
      return reply.send(json);
    },
  );

  app.get<{ Querystring: { session?: string } }>(
    LOGGING_URLS.exportCsv,
    { schema: { summary: 'A session as CSV, one column per value', tags: ['logging'] } },
    async (request, reply) => {
      mayRead(request.caller);
      const { session, frames } = await sessionOf(request.query.session);
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
