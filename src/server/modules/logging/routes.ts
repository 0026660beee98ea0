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
  type LogFramesAnswer,
  type LogSessionsAnswer,
} from '../../../shared/api/logging';
import { roundToResolution } from '../../../shared/diagnostics/values';
import { SYSTEM_FIELD_NAMES } from '../../../shared/registry';
import { hasAccess, type Caller } from '../../access/caller';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { LoggingRepository, type SessionColumns, type StoredSession } from './repository';
import { AnswerCache } from './answerCache';
import { migrateSummary } from './summarySchema';
import type { Services } from '../../services';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * The diagnostics tool's upload (spec section 7, `logging/createEntry`): a frame or a batch of frames,
 * stored through the document operations (permissions, validation against the logging-frame schema,
 * events) in one transaction. A batch is all or nothing: the first invalid frame answers 400 naming it
 * (`frames[i]: vin: …`), one meeting a stored frame 409 (`frames[i]: frameId already exists`). The frames are validated once, there
 * (their timestamps too, logging/frameHooks.ts); the route checks only the envelope, and that no frame names an `_id`.
 */
export async function loggingRoutes(
  app: FastifyInstance,
  { documents, registry, db, config }: Services,
): Promise<void> {
  const model = registry.model('loggingFrame')!;
  await migrateSummary(db);
  const repository = new LoggingRepository(db);
  /** Finished (compressed) frames answers by session, revision and encoding: a session is read again as it was. */
  const answers = new AnswerCache(ANSWER_CACHE_BYTES);
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
  const columnsOf = async (id: unknown) => {
    if (typeof id !== 'string' || !id) throw badRequest('session is required');
    if (!(await repository.session(id))) throw notFound('Logging session not found');
    const found = await repository.sessionColumns(id);
    if (!found) throw notFound('Logging session not found');
    return found;
  };
  app.post<{ Body: CreateEntryRequest }>(
    '/api/logging/createEntry',
    {
      bodyLimit: LOGGING_BODY_LIMIT_BYTES,
      // A body over the limit is a bad request like any other invalid body (400 naming it); the rest
      // goes to the app's error handler.
      errorHandler: (error) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        throw badRequest(
          `body: larger than ${LOGGING_BODY_LIMIT_BYTES} bytes, the limit of one upload (send fewer frames per request)`,
        );
      },
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
        // An upload only adds frames: an `_id` would name a stored one (or "new", which changes nothing), and the
        // row's times and version are the server's (a `_deletedAt` would otherwise pass unseen, the frame stored live).
        const given = SYSTEM_FIELD_NAMES.find((name) => Object.hasOwn(frame, name));
        if (given !== undefined) {
          const message = `is given by the server: leave it out${given === '_id' ? ' (a frame sent again is recognised by its frameId)' : ''}`;
          throw badRequest(`${where(index)}${given}: ${message}`, { fields: [{ field: given, message }], index });
        }
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
          if (error instanceof HttpError && (error.status === 400 || error.status === 409) && typeof at === 'number') {
            const index = fresh[at].index;
            throw new HttpError(error.status, `${where(index)}${error.message}`, { ...error.details, index });
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
      return { sessions: (await repository.sessions()).map(({ revision: _revision, ...session }) => session) };
    },
  );

  app.get<{ Querystring: { session?: string } }>(
    LOGGING_URLS.frames,
    { schema: { summary: "A session's frames in columns", tags: ['logging'] } },
    async (request, reply) => {
      mayRead(request.caller);
      const id = request.query.session;
      if (typeof id !== 'string' || !id) throw badRequest('session is required');
      const current = await repository.session(id);
      if (!current) throw notFound('Logging session not found');
      const accept = request.headers['accept-encoding'] ?? '';
      const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
      const send = (body: Buffer | string) =>
        encoding === 'identity' || typeof body === 'string'
          ? reply.send(body)
          : reply.header('content-encoding', encoding).send(body);
      const cached = answers.get(`${id}|${current.revision}|${encoding}`);
      if (cached) return send(cached);
      const found = await repository.sessionColumns(id);
      if (!found) throw notFound('Logging session not found');
      // LogFramesAnswer, its columns joined from the session's chunks as JSON text (tens of MB for a long
      // session), compressed when the client accepts it (the values repeat: brotli makes a tenth of it).
      const json = framesAnswer(found.session, found.data);
      if (json.length < 1024) return reply.send(json);
      const body =
        encoding === 'br'
          ? await brotli(json, {
              params: {
                // Quality 4 makes a quarter less than 1, at three times the time: worth it for what is kept.
                [constants.BROTLI_PARAM_QUALITY]: json.length > BIG_ANSWER ? 1 : 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
              },
            })
          : encoding === 'gzip'
            ? await gzip(json, { level: json.length > BIG_ANSWER ? 1 : 6 })
            : json;
      answers.set(`${id}|${found.session.revision}|${encoding}`, body);
      return send(body);
    },
  );

  app.get<{ Querystring: { session?: string } }>(
    LOGGING_URLS.exportCsv,
    { schema: { summary: 'A session as CSV, one column per value', tags: ['logging'] } },
    async (request, reply) => {
      mayRead(request.caller);
      const { session, data } = await columnsOf(request.query.session);
      const keys = [...data.columns.keys()].sort();
      const lines = function* () {
        yield ['Time', 'Timestamp', ...keys].join(',') + '\n';
        const time = data.time ? data.time.split(',').map((seconds) => Math.round(Number(seconds) * 1000)) : [];
        const columns = keys.map((key) => data.columns.get(key)!.split(','));
        // Each value at its channel's resolution: the stored numbers carry the decoding's float noise.
        const cell = (key: string, text: string | undefined) =>
          text === 'null' || text === undefined ? '' : String(roundToResolution(key, Number(text)));
        const t0 = time[0] ?? 0;
        for (let i = 0; i < time.length; i++)
          yield (
            [
              ((time[i] - t0) / 1000).toFixed(3),
              new Date(time[i]).toISOString(),
              ...columns.map((column, k) => cell(keys[k], column[i])),
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

/** Answers kept per process (compressed, a 100,000-frame session is 2-3 MB). */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;
/** Above this many characters of JSON the first compression is the quick one (a 100,000-frame session is 23 MB). */
const BIG_ANSWER = 4 * 1024 * 1024;

/**
 * `LogFramesAnswer` as JSON text, from the session and its columns' JSON lists (joined, not parsed:
 * tens of MB). One text per field of the contract, so a field added to or renamed in it fails here.
 */
function framesAnswer(stored: StoredSession, data: SessionColumns): string {
  const { revision: _revision, ...session } = stored;
  const fields = {
    session: JSON.stringify(session satisfies LogFramesAnswer['session']),
    time: `[${data.time}]`,
    columns: `{${[...data.columns].map(([key, values]) => `${JSON.stringify(key)}:[${values}]`).join(',')}}`,
  } satisfies Record<keyof LogFramesAnswer, string>;
  return `{${Object.entries(fields)
    .map(([name, json]) => `"${name}":${json}`)
    .join(',')}}`;
}
