import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import {
  AI_PROMPT_MAX,
  AI_REQUESTS_PER_MINUTE,
  AI_TEXT_MAX,
  type AiTextAnswer,
  type AiTextBody,
} from '../../../shared/api/ai';
import { HttpError } from '../../errors';
import type { Services } from '../../services';
import { deny } from '../documents/access';
import { createAiService } from './service';

/** `POST /api/openai/text` (spec section 7): rewrites a text with a preset or custom prompt, for logged-in users. */
export async function aiRoutes(app: FastifyInstance, { config }: Services): Promise<void> {
  const ai = createAiService(config);
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => {
        const retryAfter = Math.max(1, Math.ceil(context.ttl / 1000));
        return new HttpError(429, `Too many requests, try again in ${retryAfter} seconds`, { retryAfter });
      },
    });
    scope.post<{ Body: AiTextBody }>(
      '/api/openai/text',
      {
        bodyLimit: 64 * 1024,
        // Before the body is validated: anonymous callers learn nothing about the endpoint.
        onRequest: async (request) => {
          if (!request.caller.user) deny(request.caller, 'use the AI assistant');
        },
        config: {
          rateLimit: {
            max: AI_REQUESTS_PER_MINUTE,
            timeWindow: 60_000,
            // Per user; callers without a login are refused anyway.
            keyGenerator: (request) => request.caller?.user?._id ?? request.ip,
          },
        },
        schema: {
          summary:
            'Rewrites a text: shorten, enhance, description (within 160 characters) or a custom prompt with {text}',
          tags: ['ai'],
          body: {
            type: 'object',
            required: ['text', 'prompt'],
            additionalProperties: false,
            properties: {
              text: { type: 'string', minLength: 1, maxLength: AI_TEXT_MAX },
              prompt: { type: 'string', minLength: 1, maxLength: AI_PROMPT_MAX },
            },
          },
          response: { 200: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } } },
        },
      },
      async (request): Promise<AiTextAnswer> => {
        return { text: await ai.rewrite(request.body.text, request.body.prompt, request.caller) };
      },
    );
  });
}
