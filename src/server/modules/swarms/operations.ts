import type { FastifyBaseLogger } from 'fastify';
import {
  NO_ENGINE_MESSAGE,
  serviceNameOf,
  type SwarmDeployAnswer,
  type SwarmDeployResult,
  type SwarmServiceRow,
  type SwarmServicesAnswer,
} from '../../../shared/api/swarms';
import type { Config, Swarm } from '../../../shared/generated/types';
import { hasAccess, SYSTEM, type Caller } from '../../access/caller';
import { HttpError } from '../../errors';
import { deny } from '../documents/access';
import type { Doc, DocumentService } from '../documents/service';
import { DockerError, type DockerClient, type DockerService, type DockerTask, type ServiceSpec } from './docker';

export const SWARM_PERMISSION = 'manage:backend';
const SWARM_LABEL = 'dev.baukasten.swarm';
const CONFIG_LABEL = 'dev.baukasten.config';

type ConfigDoc = Doc & Config;

export interface SwarmService {
  services(caller: Caller, swarmId: string): Promise<SwarmServicesAnswer>;
  deploy(caller: Caller, swarmId: string): Promise<SwarmDeployAnswer>;
}

/** An engine failure as the caller sees it: 502 with the engine's own words. */
const engineError = (error: unknown) =>
  new HttpError(502, `Docker engine: ${error instanceof Error ? error.message : String(error)}`);

/** The service spec of a config; `forceUpdate` makes the engine roll out new tasks even when nothing changed. */
export function serviceSpecOf(swarmId: string, config: ConfigDoc, forceUpdate: number): ServiceSpec {
  if (!config.image) throw new Error(`Config ${config.name} has no image`);
  return {
    Name: serviceNameOf(config.name),
    Labels: {
      [SWARM_LABEL]: swarmId,
      [CONFIG_LABEL]: config._id,
      ...(config.domain ? { 'dev.baukasten.domain': config.domain } : {}),
    },
    TaskTemplate: {
      ContainerSpec: {
        Image: config.image,
        Env: (config.environment ?? []).map((entry) => `${entry.name}=${entry.value ?? ''}`),
      },
      ForceUpdate: forceUpdate,
    },
    Mode: { Replicated: { Replicas: config.replicas ?? 1 } },
    ...(config.targetPort
      ? {
          EndpointSpec: {
            Ports: [
              {
                Protocol: 'tcp',
                TargetPort: config.targetPort,
                ...(config.publishedPort ? { PublishedPort: config.publishedPort } : {}),
              },
            ],
          },
        }
      : {}),
  };
}

/**
 * Docker service names are unique on the engine and derived from the config's name, so two configs of one
 * name (in two swarms, or 'Web Site' and 'web-site') meet on one service. A service labelled with another
 * config is that config's: it is neither shown as this one's nor taken over by its deploy. An unlabelled
 * service (made outside Baukasten) is adopted, as before.
 */
function ownerOf(service: DockerService | undefined, config: ConfigDoc): 'own' | 'other' | 'none' {
  if (!service) return 'none';
  const owner = service.Spec?.Labels?.[CONFIG_LABEL];
  return owner && owner !== config._id ? 'other' : 'own';
}

const takenMessage = (serviceName: string) =>
  `The Docker service ${serviceName} belongs to another config of the same name: rename this config to deploy it`;

const newest = (tasks: DockerTask[]) =>
  tasks.reduce<DockerTask | undefined>((best, task) => {
    const at = (t: DockerTask) => t.UpdatedAt ?? t.CreatedAt ?? '';
    return !best || at(task) > at(best) ? task : best;
  }, undefined);

/** Swarm detail and deploy against the Docker engine (`DOCKER_HOST`); without one, only the config list. */
export function createSwarmService({
  documents,
  docker,
  log,
}: {
  documents: DocumentService;
  docker?: DockerClient;
  log: FastifyBaseLogger;
}): SwarmService {
  async function load(caller: Caller, swarmId: string, action: string) {
    if (!hasAccess(caller, SWARM_PERMISSION)) deny(caller, action);
    const swarm = (await documents.findById(caller, 'swarm', swarmId)) as Doc & Swarm;
    const ids = swarm.services ?? [];
    const found = ids.length
      ? ((await documents.find(caller, 'config', { query: { _id: { $in: ids } }, limit: ids.length }))
          .results as ConfigDoc[])
      : [];
    // In the swarm's order; a config deleted since is left out.
    const configs = ids.flatMap((id) => found.filter((config) => config._id === id));
    return { swarm, configs };
  }

  return {
    async services(caller, swarmId) {
      const { configs } = await load(caller, swarmId, 'see swarms');
      const base = (config: ConfigDoc): SwarmServiceRow => ({
        configId: config._id,
        name: config.name,
        serviceName: serviceNameOf(config.name),
        ...(config.domain ? { domain: config.domain } : {}),
        exists: false,
        running: 0,
        desired: 0,
      });
      const checkedAt = new Date().toISOString();
      if (!docker) return { configured: false, services: configs.map(base), checkedAt };
      let services: DockerService[];
      let tasks: DockerTask[];
      let hostnames: Map<string, string>;
      try {
        const [allServices, allTasks, nodes] = await Promise.all([
          docker.listServices(),
          docker.listTasks(),
          docker.listNodes(),
        ]);
        services = allServices;
        tasks = allTasks;
        hostnames = new Map(nodes.map((node) => [node.ID, node.Description?.Hostname ?? node.ID]));
      } catch (error) {
        throw engineError(error);
      }
      return {
        configured: true,
        checkedAt,
        services: configs.map((config) => {
          const row = base(config);
          const service = services.find((candidate) => candidate.Spec?.Name === row.serviceName);
          const owner = ownerOf(service, config);
          if (owner === 'other') return { ...row, error: takenMessage(row.serviceName) };
          if (!service) return row;
          const own = tasks.filter((task) => task.ServiceID === service.ID);
          const last = newest(own);
          const running = own.filter((task) => task.Status?.State === 'running').length;
          const desired =
            service.Spec.Mode?.Replicated?.Replicas ?? own.filter((task) => task.DesiredState === 'running').length;
          return {
            ...row,
            exists: true,
            running,
            desired,
            ...(last?.Status?.State ? { state: last.Status.State } : {}),
            ...(last?.DesiredState ? { desiredState: last.DesiredState } : {}),
            ...(last?.Status?.Err ? { error: last.Status.Err } : {}),
            ...(last?.NodeID ? { node: hostnames.get(last.NodeID) ?? last.NodeID } : {}),
          };
        }),
      };
    },

    async deploy(caller, swarmId) {
      const { swarm, configs } = await load(caller, swarmId, 'deploy swarms');
      if (!docker) throw new HttpError(503, NO_ENGINE_MESSAGE);
      let existing: DockerService[];
      try {
        existing = await docker.listServices();
      } catch (error) {
        throw engineError(error);
      }

      async function deployOne(config: ConfigDoc): Promise<SwarmDeployResult> {
        const serviceName = serviceNameOf(config.name);
        const result = { configId: config._id, name: config.name, serviceName };
        if (!config.image) return { ...result, action: 'failed', error: 'The config has no image' };
        const current = existing.find((service) => service.Spec?.Name === serviceName);
        if (ownerOf(current, config) === 'other')
          return { ...result, action: 'failed', error: takenMessage(serviceName) };
        try {
          if (!current) {
            await docker!.createService(serviceSpecOf(swarmId, config, 0));
            return { ...result, action: 'created' };
          }
          // Read the version right before the update; the engine rejects a stale one as out of sequence.
          const update = async () => {
            const fresh = await docker!.inspectService(current.ID);
            const force = (fresh.Spec.TaskTemplate?.ForceUpdate ?? 0) + 1;
            await docker!.updateService(fresh.ID, fresh.Version.Index, serviceSpecOf(swarmId, config, force));
          };
          try {
            await update();
            return { ...result, action: 'updated' };
          } catch (error) {
            if (!(error instanceof DockerError && error.outOfSequence)) throw error;
            await update();
            return { ...result, action: 'updated', retried: true };
          }
        } catch (error) {
          log.warn({ err: error, service: serviceName }, 'swarm deploy failed');
          return { ...result, action: 'failed', error: error instanceof Error ? error.message : String(error) };
        }
      }

      const results: SwarmDeployResult[] = [];
      for (const config of configs) results.push(await deployOne(config));
      const failed = results.filter((result) => result.action === 'failed').length;
      const status = failed
        ? `Deploy: ${results.length - failed} of ${results.length} services deployed, ${failed} failed`
        : `Deploy: ${results.length} of ${results.length} services deployed`;
      await documents.save(SYSTEM, 'swarm', { _id: swarm._id, status });
      return { results, status };
    },
  };
}
