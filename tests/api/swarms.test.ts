import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwarmDeployAnswer, SwarmServicesAnswer } from '../../src/shared/api/swarms';
import { createDockerClient } from '../../src/server/modules/swarms/docker';
import { FakeDocker } from '../helpers/fakeDocker';
import { createTestApp } from '../helpers/testApp';
import { userWithRole } from '../helpers/users';

let docker: FakeDocker;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

beforeAll(async () => {
  docker = new FakeDocker();
  const dockerHost = await docker.start();
  t = await createTestApp({ config: { dockerHost } });
  admin = await t.login();
});

afterAll(async () => {
  await t?.close();
  await docker?.stop();
});

async function save(model: string, doc: Record<string, unknown>, token = admin) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/document/updateOne?model=${model}`,
    headers: t.auth(token),
    payload: doc,
  });
  return response;
}

async function swarmWith(configs: Record<string, unknown>[]) {
  const ids: string[] = [];
  for (const config of configs) {
    const response = await save('config', config);
    expect(response.statusCode, response.body).toBe(200);
    ids.push(response.json()._id);
  }
  const swarm = await save('swarm', { name: `swarm ${ids.join('-').slice(0, 12)}`, services: ids });
  expect(swarm.statusCode, swarm.body).toBe(200);
  return { swarmId: swarm.json()._id as string, configIds: ids };
}

const deploy = (swarmId: string, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/swarms/${swarmId}/deploy`, headers: t.auth(token) });
const services = (swarmId: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/swarms/${swarmId}/services`, headers: t.auth(token) });

describe('config schema', () => {
  it('takes image, replicas, environment and ports, and rejects what the engine could not run', async () => {
    const good = await save('config', {
      name: 'api',
      domain: 'api.example.ch',
      image: 'registry.example.ch/api:1.2',
      replicas: 2,
      environment: [{ name: 'NODE_ENV', value: 'production' }],
      targetPort: 3000,
      publishedPort: 8080,
    });
    expect(good.statusCode, good.body).toBe(200);
    for (const bad of [
      { name: 'x', image: 'Has Spaces' },
      { name: 'x', image: 'nginx', replicas: -1 },
      { name: 'x', image: 'nginx', replicas: 1.5 },
      { name: 'x', image: 'nginx', environment: [{ name: '1BAD', value: 'v' }] },
      { name: 'x', image: 'nginx', targetPort: 70000 },
      { name: 'x', image: 'nginx', publishedPort: 8080 },
    ]) {
      const response = await save('config', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });
});

describe('swarm deploy and services against the engine', () => {
  it('creates missing services, then updates them with a forced rollout; the list shows counts, state and node', async () => {
    const { swarmId, configIds } = await swarmWith([
      {
        name: 'Website',
        domain: 'www.example.ch',
        image: 'nginx:1.27',
        replicas: 2,
        environment: [{ name: 'TZ', value: 'Europe/Zurich' }],
        targetPort: 80,
        publishedPort: 8080,
      },
      { name: 'worker', image: 'busybox:1.36', replicas: 1 },
    ]);
    const before = await services(swarmId);
    expect(before.statusCode, before.body).toBe(200);
    expect((before.json() as SwarmServicesAnswer).services.map((row) => [row.name, row.exists])).toEqual([
      ['Website', false],
      ['worker', false],
    ]);

    const first = await deploy(swarmId);
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json() as SwarmDeployAnswer;
    expect(created.results.map((r) => [r.configId, r.serviceName, r.action])).toEqual([
      [configIds[0], 'website', 'created'],
      [configIds[1], 'worker', 'created'],
    ]);
    const spec = docker.byName('website')!.Spec;
    expect(spec.TaskTemplate.ContainerSpec).toEqual({ Image: 'nginx:1.27', Env: ['TZ=Europe/Zurich'] });
    expect(spec.Mode).toEqual({ Replicated: { Replicas: 2 } });
    expect(spec.EndpointSpec).toEqual({ Ports: [{ Protocol: 'tcp', TargetPort: 80, PublishedPort: 8080 }] });

    const listed = (await services(swarmId)).json() as SwarmServicesAnswer;
    expect(listed.configured).toBe(true);
    expect(listed.services[0]).toMatchObject({
      name: 'Website',
      serviceName: 'website',
      domain: 'www.example.ch',
      exists: true,
      running: 2,
      desired: 2,
      state: 'running',
      desiredState: 'running',
    });
    expect(['basel-1', 'basel-2']).toContain(listed.services[0].node);

    const versionBefore = docker.byName('website')!.Version.Index;
    const tasksBefore = docker.tasksOf('website').length;
    const second = (await deploy(swarmId)).json() as SwarmDeployAnswer;
    expect(second.results.map((r) => r.action)).toEqual(['updated', 'updated']);
    const service = docker.byName('website')!;
    expect(service.Version.Index).toBe(versionBefore + 1);
    expect(service.Spec.TaskTemplate.ForceUpdate).toBe(1);
    // The unchanged spec still rolled out new tasks; the old ones shut down.
    expect(docker.tasksOf('website').length).toBe(tasksBefore + 2);
    const update = docker.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/update')).at(-2)!;
    expect(update.query.get('version')).toBe(String(versionBefore));

    const swarm = await t.app.inject({
      method: 'GET',
      url: `/api/document/findById?model=swarm&id=${swarmId}`,
      headers: t.auth(admin),
    });
    expect(swarm.json().status).toBe('Deploy: 2 of 2 services deployed');
  });

  it('reads the version again and retries once when the engine answers "update out of sequence"', async () => {
    const { swarmId } = await swarmWith([{ name: 'retry-me', image: 'nginx:1.27' }]);
    await deploy(swarmId);
    docker.conflicts = 1;
    const answer = (await deploy(swarmId)).json() as SwarmDeployAnswer;
    expect(answer.results[0]).toMatchObject({ action: 'updated', retried: true });

    docker.conflicts = 2;
    const twice = (await deploy(swarmId)).json() as SwarmDeployAnswer;
    expect(twice.results[0]).toMatchObject({ action: 'failed' });
    expect(twice.results[0].error).toMatch(/update out of sequence/);
    docker.conflicts = 0;
  });

  it("reports each service's failure with the engine's message and keeps deploying the others", async () => {
    docker.refuse.set('refused', 'rpc error: code = InvalidArgument desc = port 8080 is already in use');
    docker.missingImages.add('ghcr.io/nobody/missing:1');
    const { swarmId } = await swarmWith([
      { name: 'refused', image: 'nginx:1.27' },
      { name: 'no-image-set' },
      { name: 'missing', image: 'ghcr.io/nobody/missing:1' },
    ]);
    const response = await deploy(swarmId);
    expect(response.statusCode, response.body).toBe(200);
    const { results, status } = response.json() as SwarmDeployAnswer;
    expect(results.map((r) => [r.name, r.action, r.error])).toEqual([
      ['refused', 'failed', 'rpc error: code = InvalidArgument desc = port 8080 is already in use'],
      ['no-image-set', 'failed', 'The config has no image'],
      ['missing', 'created', undefined],
    ]);
    expect(status).toBe('Deploy: 1 of 3 services deployed, 2 failed');
    const rows = ((await services(swarmId)).json() as SwarmServicesAnswer).services;
    expect(rows[2]).toMatchObject({
      exists: true,
      running: 0,
      desired: 1,
      state: 'rejected',
      desiredState: 'shutdown',
      error: 'No such image: ghcr.io/nobody/missing:1',
    });
  });

  it("neither shows nor takes over another config's service of the same name (two swarms, one service name)", async () => {
    const production = await swarmWith([{ name: 'Shop', image: 'nginx:1.27', replicas: 2 }]);
    expect(((await deploy(production.swarmId)).json() as SwarmDeployAnswer).results[0].action).toBe('created');
    const staging = await swarmWith([{ name: 'shop', image: 'nginx:1.26', replicas: 1 }]);
    const taken = 'The Docker service shop belongs to another config of the same name: rename this config to deploy it';

    // Staging's config was never deployed: its row does not borrow production's running service.
    const before = ((await services(staging.swarmId)).json() as SwarmServicesAnswer).services[0];
    expect(before).toMatchObject({ exists: false, running: 0, desired: 0, error: taken });
    expect(before.state).toBeUndefined();

    const versionBefore = docker.byName('shop')!.Version.Index;
    const answer = (await deploy(staging.swarmId)).json() as SwarmDeployAnswer;
    expect(answer.results.map((r) => [r.action, r.error])).toEqual([['failed', taken]]);
    expect(answer.status).toBe('Deploy: 0 of 1 services deployed, 1 failed');
    // Production's service is untouched.
    const service = docker.byName('shop')!;
    expect(service.Version.Index).toBe(versionBefore);
    expect(service.Spec.TaskTemplate.ContainerSpec.Image).toBe('nginx:1.27');
    expect(service.Spec.Labels?.['dev.baukasten.config']).toBe(production.configIds[0]);
    expect(((await services(production.swarmId)).json() as SwarmServicesAnswer).services[0]).toMatchObject({
      exists: true,
      running: 2,
      desired: 2,
    });
    expect(((await deploy(production.swarmId)).json() as SwarmDeployAnswer).results[0].action).toBe('updated');
  });

  it('needs manage:backend, a known swarm and a valid id', async () => {
    const { swarmId } = await swarmWith([{ name: 'guarded', image: 'nginx:1.27' }]);
    const staff = (await userWithRole(t, admin, 'sven', 'staff')).token;
    const backend = (await userWithRole(t, admin, 'berta', 'backend')).token;
    expect((await deploy(swarmId, staff)).statusCode).toBe(403);
    expect((await services(swarmId, staff)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/swarms/${swarmId}/deploy` });
    expect(anonymous.statusCode).toBe(401);
    expect((await services(swarmId, backend)).statusCode).toBe(200);
    expect((await deploy(swarmId, backend)).statusCode).toBe(200);
    expect((await deploy('0123456789abcdef01234567')).statusCode).toBe(404);
    const bad = await deploy('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/id/);
  });

  it('answers 502 with the reason when the engine is unreachable', async () => {
    const dead = await createTestApp({ config: { dockerHost: 'tcp://127.0.0.1:9' } });
    try {
      const token = await dead.login();
      const config = await dead.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=config',
        headers: dead.auth(token),
        payload: { name: 'offline', image: 'nginx:1.27' },
      });
      const swarm = await dead.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=swarm',
        headers: dead.auth(token),
        payload: { name: 'offline', services: [config.json()._id] },
      });
      const id = swarm.json()._id as string;
      for (const [method, url] of [
        ['POST', `/api/swarms/${id}/deploy`],
        ['GET', `/api/swarms/${id}/services`],
      ] as const) {
        const response = await dead.app.inject({ method, url, headers: dead.auth(token) });
        expect(response.statusCode).toBe(502);
        expect(response.json().error).toMatch(/^Docker engine: Docker engine unreachable: connect ECONNREFUSED/);
      }
    } finally {
      await dead.close();
    }
  });
});

describe('without DOCKER_HOST', () => {
  it('lists the configs, says that no engine is configured, and refuses to deploy', async () => {
    const plain = await createTestApp({ config: { dockerHost: undefined } });
    try {
      const token = await plain.login();
      const config = await plain.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=config',
        headers: plain.auth(token),
        payload: { name: 'website', image: 'nginx:1.27' },
      });
      const swarm = await plain.app.inject({
        method: 'POST',
        url: '/api/document/updateOne?model=swarm',
        headers: plain.auth(token),
        payload: { name: 'no engine', services: [config.json()._id] },
      });
      const id = swarm.json()._id as string;
      const listed = await plain.app.inject({
        method: 'GET',
        url: `/api/swarms/${id}/services`,
        headers: plain.auth(token),
      });
      expect(listed.json()).toMatchObject({ configured: false, services: [{ name: 'website', exists: false }] });
      const deployed = await plain.app.inject({
        method: 'POST',
        url: `/api/swarms/${id}/deploy`,
        headers: plain.auth(token),
      });
      expect(deployed.statusCode).toBe(503);
      expect(deployed.json()).toEqual({ error: 'No Docker engine configured (set DOCKER_HOST)' });
    } finally {
      await plain.close();
    }
  });
});

describe('docker client', () => {
  it('talks to the engine over a unix socket (DOCKER_HOST=unix://...)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bk-docker-'));
    const fake = new FakeDocker();
    const host = await fake.start(path.join(dir, 'docker.sock'));
    try {
      const client = createDockerClient(host);
      expect((await client.listNodes()).map((node) => node.Description?.Hostname)).toEqual(['basel-1', 'basel-2']);
      await expect(client.inspectService('nothing')).rejects.toMatchObject({
        status: 404,
        message: 'service nothing not found',
      });
    } finally {
      await fake.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects a DOCKER_HOST it cannot use', () => {
    expect(() => createDockerClient('ssh://host')).toThrow(/expected unix/);
    expect(() => createDockerClient('unix://relative.sock')).toThrow(/absolute path/);
  });
});
