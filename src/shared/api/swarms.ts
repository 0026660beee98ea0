/** Wire shapes of the swarm endpoints (spec section 2 "Swarm detail"), shared by the server and the admin. */

/** Spec section 9: the swarm detail refreshes its service list this often. */
export const SWARM_REFRESH_MS = 30_000;

/** One config of a swarm as the Docker engine runs it (`GET /api/swarms/{id}/services`). */
export interface SwarmServiceRow {
  /** The config document. */
  configId: string;
  /** The config's name. */
  name: string;
  /** The Docker service name derived from the config's name. */
  serviceName: string;
  /** The config's domain (the view link opens it). */
  domain?: string;
  /** Does the engine know the service? */
  exists: boolean;
  /** Tasks running / replicas asked for. */
  running: number;
  desired: number;
  /** The newest task's state, desired state and error, and the hostname of its node. */
  state?: string;
  desiredState?: string;
  error?: string;
  node?: string;
}

export interface SwarmServicesAnswer {
  /** False when the server has no `DOCKER_HOST`: the rows then list the configs without engine data. */
  configured: boolean;
  services: SwarmServiceRow[];
  /** When the answer was read from the engine (ISO date-time). */
  checkedAt: string;
}

export type SwarmDeployAction = 'created' | 'updated' | 'failed';

/** What a deploy did with one config. */
export interface SwarmDeployResult {
  configId: string;
  name: string;
  serviceName: string;
  action: SwarmDeployAction;
  /** The engine's message when the action failed. */
  error?: string;
  /** The update was retried after the engine answered "update out of sequence". */
  retried?: boolean;
}

/** Answer of `POST /api/swarms/{id}/deploy` (empty body). */
export interface SwarmDeployAnswer {
  results: SwarmDeployResult[];
  /** The swarm's new `status` text. */
  status: string;
}

/** The message of every swarm endpoint when the server has no Docker engine configured. */
export const NO_ENGINE_MESSAGE = 'No Docker engine configured (set DOCKER_HOST)';

/**
 * The Docker service name of a config: its name in lower case, anything but letters, digits, `_`, `.` and `-`
 * replaced by `-` (Docker allows `[a-zA-Z0-9][a-zA-Z0-9_.-]*`, at most 63 characters).
 */
export function serviceNameOf(configName: string): string {
  const name = configName
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 63)
    .replace(/[^a-z0-9]+$/, '');
  return name || 'service';
}
