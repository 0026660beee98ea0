import http from 'node:http';

/**
 * A small client of the Docker Engine HTTP API (https://docs.docker.com/reference/api/engine/), for the
 * swarm-mode calls the swarms need: services, tasks and nodes. No dependency: node:http over a unix socket
 * or TCP, addressed like the Docker CLI's `DOCKER_HOST`.
 */

/** Engine API version of every call (Docker 20.10 and later understand it). */
export const DOCKER_API_VERSION = 'v1.41';
const TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export type DockerTarget = { socketPath: string } | { host: string; port: number };

/** `unix:///var/run/docker.sock`, `tcp://host:2375` or `http://host:port` (Docker's convention). */
export function parseDockerHost(value: string): DockerTarget {
  const trimmed = value.trim();
  if (trimmed.startsWith('unix://')) {
    const socketPath = trimmed.slice('unix://'.length);
    if (!socketPath.startsWith('/')) throw new Error(`DOCKER_HOST ${value}: a unix socket needs an absolute path`);
    return { socketPath };
  }
  const match = /^(?:tcp|http):\/\/\[?([^\]/]+?)\]?(?::(\d+))?\/?$/.exec(trimmed);
  if (!match) throw new Error(`DOCKER_HOST ${value}: expected unix:///path or tcp://host:port`);
  return { host: match[1], port: Number(match[2] ?? 2375) };
}

/** An answer of the engine other than 2xx, with its message (the engine answers `{ "message": "..." }`). */
export class DockerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** Swarm's optimistic concurrency: the version sent with an update was not the current one. */
  get outOfSequence(): boolean {
    return /update out of sequence/i.test(this.message);
  }
}

export interface ServiceSpec {
  Name: string;
  Labels?: Record<string, string>;
  TaskTemplate: {
    ContainerSpec: { Image: string; Env?: string[] };
    ForceUpdate?: number;
    [key: string]: unknown;
  };
  Mode?: { Replicated?: { Replicas?: number }; Global?: object };
  EndpointSpec?: { Ports?: { Protocol: string; TargetPort: number; PublishedPort?: number }[] };
  [key: string]: unknown;
}

export interface DockerService {
  ID: string;
  Version: { Index: number };
  Spec: ServiceSpec;
}

export interface DockerTask {
  ID: string;
  ServiceID: string;
  NodeID?: string;
  CreatedAt?: string;
  UpdatedAt?: string;
  DesiredState?: string;
  Status?: { State?: string; Err?: string; Message?: string; Timestamp?: string };
}

export interface DockerNode {
  ID: string;
  Description?: { Hostname?: string };
}

export interface DockerClient {
  /** Where it talks to (logs, messages). */
  readonly target: string;
  listServices(): Promise<DockerService[]>;
  inspectService(idOrName: string): Promise<DockerService>;
  createService(spec: ServiceSpec): Promise<{ ID: string }>;
  updateService(id: string, version: number, spec: ServiceSpec): Promise<void>;
  listTasks(filters?: Record<string, string[]>): Promise<DockerTask[]>;
  listNodes(): Promise<DockerNode[]>;
}

function messageOf(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 500) || `status ${status}`;
}

export function createDockerClient(dockerHost: string): DockerClient {
  const target = parseDockerHost(dockerHost);

  function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise<T>((resolve, reject) => {
      const request = http.request(
        {
          ...target,
          method,
          path: `/${DOCKER_API_VERSION}${path}`,
          headers: {
            accept: 'application/json',
            host: 'docker',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) {
              request.destroy(new Error('Docker engine answer too large'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 0;
            if (status < 200 || status >= 300) return reject(new DockerError(status, messageOf(status, text)));
            if (!text) return resolve(undefined as T);
            try {
              resolve(JSON.parse(text) as T);
            } catch {
              reject(new DockerError(status, 'Docker engine answered something other than JSON'));
            }
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      request.on('error', (error) =>
        reject(
          error instanceof DockerError ? error : new DockerError(0, `Docker engine unreachable: ${error.message}`),
        ),
      );
      request.end(payload);
    });
  }

  const filtersQuery = (filters?: Record<string, string[]>) =>
    filters ? `?filters=${encodeURIComponent(JSON.stringify(filters))}` : '';

  return {
    target: dockerHost,
    listServices: () => call<DockerService[]>('GET', '/services'),
    inspectService: (idOrName) => call<DockerService>('GET', `/services/${encodeURIComponent(idOrName)}`),
    createService: (spec) => call<{ ID: string }>('POST', '/services/create', spec),
    async updateService(id, version, spec) {
      await call('POST', `/services/${encodeURIComponent(id)}/update?version=${version}`, spec);
    },
    listTasks: (filters) => call<DockerTask[]>('GET', `/tasks${filtersQuery(filters)}`),
    listNodes: () => call<DockerNode[]>('GET', '/nodes'),
  };
}
