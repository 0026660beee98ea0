import type { FastifyInstance } from 'fastify';
import type { StoryConfig } from '../../../shared/api/story';
import type { Services } from '../../services';
import { deny } from '../documents/access';

/** `GET /api/story`: the development address of the scroll-animation preview (`STORY_URL`). */
export function storyRoutes(app: FastifyInstance, { config }: Services): void {
  app.get(
    '/api/story',
    {
      schema: {
        summary: 'The development address the scroll-animation preview (/_/story) opens',
        tags: ['story'],
        response: { 200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
      },
    },
    async (request): Promise<StoryConfig> => {
      if (!request.caller.user) deny(request.caller, 'open the story preview');
      return { url: config.storyUrl };
    },
  );
}
