import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { IMAGE_PRESET_NAMES, type ImagePresetName } from '../../../shared/media/presets';
import { hasAccess } from '../../access/caller';
import { forbidden, HttpError, unauthorized } from '../../errors';
import { OBJECT_ID } from '../../../shared/registry/systemFields';
import type { Services } from '../../services';
import { contentDisposition } from './names';
import { fileReferences } from './references';
import { errorBodySchema } from '../../../shared/api/errors';
import { FILE_SORT_KEYS, type FileReferencesAnswer, type FileSortKey } from '../../../shared/api/files';
import type { Delivery, FolderQuery } from './service';

const id = OBJECT_ID;
const doc = { type: 'object', additionalProperties: true, properties: { _id: { type: ['string', 'null'] } } } as const;
const error = errorBodySchema;
const SORT_DIRS: Record<string, 1 | -1> = { '1': 1, '-1': -1, asc: 1, desc: -1, ascending: 1, descending: -1 };
/** Types a browser shows without running anything of ours: only these may be asked for inline. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|text\/plain)$/;
const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/** Sends bytes with validators; a matching If-None-Match answers 304 without a body. */
function send(request: FastifyRequest, reply: FastifyReply, delivery: Delivery, cacheControl: string): FastifyReply {
  reply.header('etag', delivery.etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === delivery.etag) {
    delivery.stream.destroy();
    return reply.status(304).send();
  }
  if (delivery.range) {
    reply
      .status(206)
      .header('content-range', `bytes ${delivery.range.start}-${delivery.range.end}/${delivery.range.size}`);
  }
  return reply
    .header('content-type', withCharset(delivery.type))
    .header('content-length', delivery.length)
    .send(delivery.stream);
}

/** Text is read as UTF-8 (browsers would guess windows-1252 and garble every umlaut), unless the type says otherwise. */
function withCharset(type: string): string {
  return /^text\//i.test(type) && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;
}

/** Spec section 7 "Files", `cms/image` and `cms/storageInfo`. */
export async function fileRoutes(app: FastifyInstance, { files, documents, registry }: Services): Promise<void> {
  await app.register(async (scope) => {
    // Every body is the raw file, whatever its type (also JSON): a stream, never buffered here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // A refused upload may still be arriving: close the connection instead of reading the rest.
    scope.addHook('onError', async (_request, reply) => {
      reply.header('connection', 'close');
    });
    scope.post<{ Querystring: { name: string; folder?: string } }>(
      '/api/files/upload',
      {
        schema: {
          summary: 'Uploads a file: the raw body with its type; images get their presets by jobs',
          tags: ['files'],
          querystring: {
            type: 'object',
            required: ['name'],
            additionalProperties: false,
            properties: { name: { type: 'string', maxLength: 1024 }, folder: id },
          },
          response: { 200: doc, '4xx': error },
        },
      },
      async (request) => {
        const length = request.headers['content-length'];
        const body = (request.body as Readable | undefined) ?? Readable.from([]);
        return files.upload(request.caller, {
          name: request.query.name,
          folder: request.query.folder,
          contentType: request.headers['content-type'] ?? '',
          contentLength: length === undefined ? undefined : Number(length),
          body,
        });
      },
    );
  });

  app.addHook('onError', async (_request, reply, failure) => {
    if (failure instanceof HttpError && typeof failure.details.retryAfter === 'number')
      reply.header('retry-after', String(failure.details.retryAfter));
  });

  app.get<{
    Querystring: {
      id?: string;
      children: boolean;
      childPage: number;
      childLimit: number;
      sortKey: FileSortKey;
      sortDir: string;
    };
  }>(
    '/api/files/folder',
    {
      schema: {
        summary: 'A folder (root without id) with one page of its children, folders first',
        tags: ['files'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            id,
            children: { type: 'boolean', default: true },
            childPage: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
            childLimit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            sortKey: {
              type: 'string',
              enum: FILE_SORT_KEYS,
              default: 'name',
            },
            sortDir: { type: 'string', enum: Object.keys(SORT_DIRS), default: '1' },
          },
        },
        response: {
          200: {
            ...doc,
            properties: { ...doc.properties, children: { type: 'array', items: doc }, total: { type: 'integer' } },
          },
        },
      },
    },
    (request) => {
      const query: FolderQuery = { ...request.query, sortDir: SORT_DIRS[request.query.sortDir] };
      return files.folder(request.caller, query);
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/api/files/references',
    {
      schema: {
        summary:
          "Where a file is used: the published pages, drafts and layouts whose elements name it, then documents naming it in a file field (a site configuration's favicon); uses in pages, drafts and layouts the caller may not read are only counted (`hidden`)",
        tags: ['files'],
        querystring: { type: 'object', required: ['id'], additionalProperties: false, properties: { id } },
        response: {
          200: {
            type: 'object',
            required: ['references', 'hidden'],
            properties: {
              hidden: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['model', 'count'],
                  properties: { model: { type: 'string' }, count: { type: 'integer' } },
                },
              },
              references: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['model', 'id', 'name'],
                  properties: {
                    model: { type: 'string' },
                    id: { type: 'string' },
                    name: { type: 'string' },
                    path: { type: 'string' },
                    label: { type: 'string' },
                    fields: { type: 'array', items: { type: 'string' } },
                  },
                },
              },
            },
          },
          '4xx': error,
        },
      },
    },
    async (request): Promise<FileReferencesAnswer> => {
      // The file browser's question: names of drafts and layouts are not for visitors, even of a public file.
      const { caller } = request;
      if (!caller.user && !caller.system) throw unauthorized('Log in to see where a file is used');
      if (!hasAccess(caller, 'manage:files'))
        throw forbidden('Not allowed to see where a file is used: needs manage:files');
      await documents.findById(caller, 'file', request.query.id);
      return fileReferences(documents, registry, caller, request.query.id);
    },
  );

  app.get<{ Querystring: { id: string; inline?: boolean } }>(
    '/api/files/download',
    {
      schema: {
        summary: 'The file as an attachment (inline=true only for types that run nothing); active content is sandboxed',
        tags: ['files'],
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id, inline: { type: 'boolean', default: false } },
        },
      },
    },
    async (request, reply) => {
      const delivery = await files.download(request.caller, request.query.id, request.headers.range);
      const inline = request.query.inline && INLINE_SAFE.test(delivery.type);
      reply.header(
        'content-disposition',
        contentDisposition(inline ? 'inline' : 'attachment', String(delivery.doc.name ?? 'file')),
      );
      reply.header('accept-ranges', 'bytes');
      // A PDF viewer does not run in a sandboxed document; everything else (SVG, HTML above all) is sandboxed.
      if (!(inline && delivery.type === 'application/pdf')) reply.header('content-security-policy', SANDBOX);
      return send(request, reply, delivery, delivery.isPublic ? 'public, max-age=300' : 'private, no-cache');
    },
  );

  app.get<{ Querystring: { id: string; preview: 'thumbnail' | 'video' } }>(
    '/api/files/preview',
    {
      schema: {
        summary: 'A preview image: thumbnail of an image, or a poster frame of a video (needs ffmpeg)',
        tags: ['files'],
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id, preview: { type: 'string', enum: ['thumbnail', 'video'], default: 'thumbnail' } },
        },
      },
    },
    async (request, reply) => {
      const delivery = await files.preview(request.caller, request.query.id, request.query.preview);
      reply.header('content-security-policy', SANDBOX);
      return send(request, reply, delivery, `${delivery.isPublic ? 'public' : 'private'}, max-age=86400`);
    },
  );

  const presetSchema = {
    id,
    preset: { type: 'string', enum: IMAGE_PRESET_NAMES },
    w: { type: 'integer', minimum: 1, maximum: 10_000 },
  } as const;
  const presetSummary = 'An image in a preset (and a srcSet width); rendered on demand when its job has not run yet';
  const sendPreset = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { id: fileId, preset, w }: { id: string; preset: ImagePresetName; w?: number },
  ) => {
    const delivery = await files.preset(request.caller, fileId, preset, w);
    reply.header('content-security-policy', SANDBOX);
    // A file's bytes never change under its id, so neither do its renderings.
    return send(request, reply, delivery, `${delivery.isPublic ? 'public' : 'private'}, max-age=31536000, immutable`);
  };
  app.get<{ Querystring: { id: string; preset: ImagePresetName; w?: number } }>(
    '/api/files/imagePreset',
    {
      schema: {
        summary: presetSummary,
        tags: ['files'],
        querystring: {
          type: 'object',
          required: ['id', 'preset'],
          additionalProperties: false,
          properties: presetSchema,
        },
      },
    },
    (request, reply) => sendPreset(request, reply, request.query),
  );
  // The same in the short form the pages use (imagePresetUrl): a gallery's srcSet names it a few times per image.
  for (const url of ['/api/files/p/:id/:preset', '/api/files/p/:id/:preset/:w'])
    app.get<{ Params: { id: string; preset: ImagePresetName; w?: number } }>(
      url,
      {
        schema: {
          summary: `${presetSummary} (${url.endsWith(':w') ? 'a srcSet width' : 'its full width'}, short address)`,
          tags: ['files'],
          params: {
            type: 'object',
            required: url.endsWith(':w') ? ['id', 'preset', 'w'] : ['id', 'preset'],
            additionalProperties: false,
            properties: presetSchema,
          },
        },
      },
      (request, reply) => sendPreset(request, reply, request.params),
    );

  app.get<{ Querystring: { image: string; presetName: ImagePresetName } }>(
    '/api/cms/image',
    {
      schema: {
        summary: 'src, srcSet and alt of an image in a preset',
        tags: ['cms'],
        querystring: {
          type: 'object',
          required: ['image'],
          additionalProperties: false,
          properties: {
            image: { type: 'string', maxLength: 2000 },
            presetName: { type: 'string', enum: IMAGE_PRESET_NAMES, default: 'fullWidth' },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['src', 'srcSet', 'alt'],
            properties: {
              src: { type: 'string' },
              srcSet: { type: 'string' },
              alt: { type: 'string' },
              width: { type: 'integer' },
              height: { type: 'integer' },
            },
          },
        },
      },
    },
    (request) => files.image(request.caller, request.query.image, request.query.presetName),
  );

  app.get(
    '/api/cms/storageInfo',
    {
      schema: {
        summary: 'Bytes used by files and free on the store, and the number of files and folders',
        tags: ['cms'],
        response: {
          200: {
            type: 'object',
            required: ['used', 'free', 'files', 'folders'],
            properties: {
              used: { type: 'integer' },
              free: { type: ['integer', 'null'] },
              files: { type: 'integer' },
              folders: { type: 'integer' },
            },
          },
        },
      },
    },
    (request) => files.storageInfo(request.caller),
  );
}
