import { AI_NOT_SET_UP, type AiTextAnswer, type AiTextBody } from '../../../shared/api/ai';
import type { DebugStatus } from '../../../shared/api/realtime';
import type { StoryConfig } from '../../../shared/api/story';
import type { SwarmDeployAnswer, SwarmServicesAnswer } from '../../../shared/api/swarms';
import { adminApi, docTag, listTag, providerOf, run } from './api';

/** The operations endpoints of the admin (swarms, AI assistant): part of the one data interface. */
export interface OperationsProvider {
  /** `GET /api/swarms/{id}/services`. */
  swarmServices(id: string): Promise<SwarmServicesAnswer>;
  /** `POST /api/swarms/{id}/deploy` with an empty body. */
  deploySwarm(id: string): Promise<SwarmDeployAnswer>;
  /** `POST /api/openai/text`: the assistant's proposal for a text. */
  rewriteText(body: AiTextBody): Promise<AiTextAnswer>;
  /** `GET /api/debug/status`: may the caller use the debug terminal? */
  debugStatus(): Promise<DebugStatus>;
  /** `GET /api/story`: the default address of the scroll-animation preview. */
  storyConfig(): Promise<StoryConfig>;
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function httpOperations(call: Call): OperationsProvider {
  return {
    swarmServices: (id) => call<SwarmServicesAnswer>('GET', `/api/swarms/${encodeURIComponent(id)}/services`),
    deploySwarm: (id) => call<SwarmDeployAnswer>('POST', `/api/swarms/${encodeURIComponent(id)}/deploy`),
    rewriteText: (body) => call<AiTextAnswer>('POST', '/api/openai/text', body),
    debugStatus: () => call<DebugStatus>('GET', '/api/debug/status'),
    storyConfig: () => call<StoryConfig>('GET', '/api/story'),
  };
}

/** In memory (stories): no engine is configured. */
export function memoryOperations(data: Record<string, Record<string, unknown>[]>): OperationsProvider {
  const configsOf = (id: string) => {
    const swarm = (data.swarm ?? []).find((doc) => doc._id === id);
    const ids = (swarm?.services as string[] | undefined) ?? [];
    return (data.config ?? []).filter((config) => ids.includes(config._id as string));
  };
  return {
    async swarmServices(id) {
      return {
        configured: false,
        checkedAt: new Date().toISOString(),
        services: configsOf(id).map((config) => ({
          configId: String(config._id),
          name: String(config.name),
          serviceName: String(config.name).toLowerCase(),
          ...(typeof config.domain === 'string' ? { domain: config.domain } : {}),
          exists: false,
          running: 0,
          desired: 0,
        })),
      };
    },
    async deploySwarm() {
      throw new Error('No Docker engine configured (set DOCKER_HOST)');
    },
    async rewriteText() {
      throw new Error(AI_NOT_SET_UP.staff);
    },
    async debugStatus() {
      return { enabled: false };
    },
    async storyConfig() {
      return { url: 'http://localhost:5173' };
    },
  };
}

export const swarmTag = (id: string) => ({ type: 'Swarm' as const, id });

export const operationsApi = adminApi.enhanceEndpoints({ addTagTypes: ['Swarm'] }).injectEndpoints({
  endpoints: (build) => ({
    swarmServices: build.query<SwarmServicesAnswer, string>({
      queryFn: (id, api) => run(() => providerOf(api).swarmServices(id)),
      providesTags: (_result, _error, id) => [swarmTag(id)],
    }),
    deploySwarm: build.mutation<SwarmDeployAnswer, string>({
      queryFn: (id, api) => run(() => providerOf(api).deploySwarm(id)),
      // The deploy writes the swarm's status.
      invalidatesTags: (_result, _error, id) => [swarmTag(id), docTag('swarm', id), listTag('swarm')],
    }),
    debugStatus: build.query<DebugStatus, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).debugStatus()),
    }),
    storyConfig: build.query<StoryConfig, void>({
      queryFn: (_arg, api) => run(() => providerOf(api).storyConfig()),
    }),
    rewriteText: build.mutation<AiTextAnswer, AiTextBody>({
      queryFn: (body, api) => run(() => providerOf(api).rewriteText(body)),
    }),
  }),
});

export const { useSwarmServicesQuery, useDeploySwarmMutation, useDebugStatusQuery, useStoryConfigQuery } =
  operationsApi;
