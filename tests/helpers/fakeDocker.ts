import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Docker Engine API in swarm mode (the calls the swarms use), over real HTTP:
 * services (create, inspect, update with the version check), tasks, nodes. Its failures are the engine's:
 * `{ "message": ... }` with the engine's status codes, "update out of sequence" for a stale version.
 */

interface Spec {
  Name: string;
  Labels?: Record<string, string>;
  TaskTemplate: { ContainerSpec: { Image: string; Env?: string[] }; ForceUpdate?: number };
  Mode?: { Replicated?: { Replicas?: number } };
  EndpointSpec?: { Ports?: { Protocol: string; TargetPort: number; PublishedPort?: number }[] };
}

interface Service {
  ID: string;
  Version: { Index: number };
  CreatedAt: string;
  UpdatedAt: string;
  Spec: Spec;
}

interface Task {
  ID: string;
  ServiceID: string;
  NodeID: string;
  CreatedAt: string;
  UpdatedAt: string;
  DesiredState: string;
  Status: { State: string; Err?: string; Timestamp: string };
}

export interface FakeDockerRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body?: unknown;
}

const id = () => randomBytes(12).toString('hex');

export class FakeDocker {
  readonly services = new Map<string, Service>();
  readonly tasks: Task[] = [];
  readonly nodes = [
    { ID: 'node-1', Description: { Hostname: 'basel-1' }, Status: { State: 'ready' } },
    { ID: 'node-2', Description: { Hostname: 'basel-2' }, Status: { State: 'ready' } },
  ];
  readonly requests: FakeDockerRequest[] = [];
  /** Images whose tasks fail to start (the engine cannot pull them). */
  readonly missingImages = new Set<string>();
  /** Service names whose create or update the engine refuses with a 500 and this message. */
  readonly refuse = new Map<string, string>();
  /** Updates that find their version changed by someone else in between (once each). */
  conflicts = 0;
  private clock = Date.parse('2026-01-05T08:00:00.000Z');
  private server?: http.Server;

  /** Listens on 127.0.0.1 (answers the `DOCKER_HOST` to use) or on a unix socket path. */
  async start(socketPath?: string): Promise<string> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) =>
      socketPath ? this.server!.listen(socketPath, resolve) : this.server!.listen(0, '127.0.0.1', resolve),
    );
    if (socketPath) return `unix://${socketPath}`;
    return `tcp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  byName(name: string): Service | undefined {
    return [...this.services.values()].find((service) => service.Spec.Name === name);
  }

  tasksOf(name: string): Task[] {
    const service = this.byName(name);
    return this.tasks.filter((task) => task.ServiceID === service?.ID);
  }

  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  /** A rollout: the service's old tasks shut down, new ones start (or are rejected when the image is missing). */
  private rollOut(service: Service): void {
    for (const task of this.tasks.filter((t) => t.ServiceID === service.ID && t.DesiredState === 'running')) {
      task.DesiredState = 'shutdown';
      task.Status = { State: 'shutdown', Timestamp: this.now() };
      task.UpdatedAt = task.Status.Timestamp;
    }
    const replicas = service.Spec.Mode?.Replicated?.Replicas ?? 1;
    const image = service.Spec.TaskTemplate.ContainerSpec.Image;
    for (let i = 0; i < replicas; i++) {
      const at = this.now();
      const failed = this.missingImages.has(image);
      this.tasks.push({
        ID: id(),
        ServiceID: service.ID,
        NodeID: this.nodes[i % this.nodes.length].ID,
        CreatedAt: at,
        UpdatedAt: at,
        DesiredState: failed ? 'shutdown' : 'running',
        Status: failed
          ? { State: 'rejected', Err: `No such image: ${image}`, Timestamp: at }
          : { State: 'running', Timestamp: at },
      });
    }
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://docker');
    const text = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(400, { message: 'invalid JSON' });
    }
    const match = /^\/v1\.\d+(\/.*)$/.exec(url.pathname);
    if (!match) return send(404, { message: 'page not found' });
    const path = match[1];
    this.requests.push({ method: request.method ?? 'GET', path, query: url.searchParams, body });

    if (request.method === 'GET' && path === '/nodes') return send(200, this.nodes);
    if (request.method === 'GET' && path === '/services') return send(200, [...this.services.values()]);
    if (request.method === 'GET' && path === '/tasks') {
      const filters = JSON.parse(url.searchParams.get('filters') ?? '{}') as { service?: string[] };
      const wanted = filters.service?.map((ref) => this.services.get(ref)?.ID ?? this.byName(ref)?.ID);
      return send(200, wanted ? this.tasks.filter((task) => wanted.includes(task.ServiceID)) : this.tasks);
    }
    if (request.method === 'POST' && path === '/services/create') {
      const spec = body as Spec;
      if (!spec?.Name || !spec.TaskTemplate?.ContainerSpec?.Image)
        return send(400, { message: 'ContainerSpec: image reference must be provided' });
      if (this.byName(spec.Name))
        return send(409, { message: `rpc error: code = AlreadyExists desc = name conflicts with an existing object` });
      const refused = this.refuse.get(spec.Name);
      if (refused) return send(500, { message: refused });
      const at = this.now();
      const service: Service = { ID: id(), Version: { Index: 11 }, CreatedAt: at, UpdatedAt: at, Spec: spec };
      this.services.set(service.ID, service);
      this.rollOut(service);
      return send(201, { ID: service.ID });
    }
    const one = /^\/services\/([^/]+)(\/update)?$/.exec(path);
    if (one) {
      const ref = decodeURIComponent(one[1]);
      const service = this.services.get(ref) ?? this.byName(ref);
      if (!service) return send(404, { message: `service ${ref} not found` });
      if (request.method === 'GET' && !one[2]) return send(200, service);
      if (request.method === 'POST' && one[2]) {
        if (this.conflicts > 0) {
          // Someone else updated the service between our read and our write.
          this.conflicts--;
          service.Version.Index++;
        }
        if (Number(url.searchParams.get('version')) !== service.Version.Index)
          return send(500, { message: 'rpc error: code = Unknown desc = update out of sequence' });
        const refused = this.refuse.get(service.Spec.Name);
        if (refused) return send(500, { message: refused });
        const spec = body as Spec;
        if (!spec?.TaskTemplate?.ContainerSpec?.Image)
          return send(400, { message: 'ContainerSpec: image reference must be provided' });
        const forced = (spec.TaskTemplate.ForceUpdate ?? 0) !== (service.Spec.TaskTemplate.ForceUpdate ?? 0);
        const changed = JSON.stringify(spec) !== JSON.stringify(service.Spec);
        service.Spec = spec;
        service.Version.Index++;
        service.UpdatedAt = this.now();
        if (forced || changed) this.rollOut(service);
        return send(200, { Warnings: null });
      }
    }
    return send(404, { message: `page not found: ${request.method} ${path}` });
  }
}
