import type { FastifyBaseLogger } from 'fastify';
import { hasAccess, type Caller } from '../../access/caller';
import { badRequest, forbidden } from '../../errors';
import { QUEUE_PERMISSION } from './events';

/** The socket's login state, as commands may read and change it. */
export interface ConnectionSession {
  readonly caller: Caller;
  /** Queues whose `queue/state` events this socket receives. */
  readonly queues: Set<string>;
  /** Resolves the token; rejects with 'Session expired or invalid' (401) and then leaves the socket anonymous. */
  login(token: string): Promise<Caller>;
  logout(): void;
}

export interface CommandContext {
  /** Who sent the command, as known when it runs (after the commands sent before it). */
  readonly caller: Caller;
  readonly session: ConnectionSession;
  readonly log: FastifyBaseLogger;
}

/**
 * Answers one command: the returned value (or promise) is the reply's `data`; a thrown HttpError
 * becomes the reply's `error`. Handlers check access themselves, as operations do.
 */
export type CommandHandler = (ctx: CommandContext, data: unknown) => unknown;

export const SESSION_INVALID = 'Session expired or invalid';
const MAX_QUEUES_PER_SOCKET = 100;
const MAX_QUEUE_NAME_LENGTH = 200;

function queueName(data: unknown): string {
  const queue = typeof data === 'object' && data !== null ? (data as { queue?: unknown }).queue : undefined;
  if (typeof queue !== 'string' || queue.length === 0 || queue.length > MAX_QUEUE_NAME_LENGTH) {
    throw badRequest('data.queue must be a queue name');
  }
  return queue;
}

function requireQueueAccess(caller: Caller): void {
  if (!hasAccess(caller, QUEUE_PERMISSION)) throw forbidden(`Requires ${QUEUE_PERMISSION}`);
}

/** The commands every socket understands; other modules add theirs with `app.realtime.registerCommand`. */
export const BUILTIN_COMMANDS = {
  async login(ctx, data) {
    const caller = await ctx.session.login(typeof data === 'string' ? data : '');
    return { user: caller.user?.login, roles: caller.user?.roles ?? [] };
  },
  /** A round trip: every event sent before it has arrived when the reply does. */
  ping: () => 'pong',
  logout(ctx) {
    ctx.session.logout();
    return { user: null, roles: [] };
  },
  'SimpleQueue.joinQueue'(ctx, data) {
    requireQueueAccess(ctx.caller);
    const queue = queueName(data);
    if (!ctx.session.queues.has(queue) && ctx.session.queues.size >= MAX_QUEUES_PER_SOCKET)
      throw badRequest('Too many queues joined');
    ctx.session.queues.add(queue);
    return { queue };
  },
  'SimpleQueue.leaveQueue'(ctx, data) {
    requireQueueAccess(ctx.caller);
    const queue = queueName(data);
    ctx.session.queues.delete(queue);
    return { queue };
  },
  // Runs code on the server: off unless configuration enables it, and not implemented here at all.
  'debug.eval'() {
    throw forbidden('debug.eval is disabled');
  },
} satisfies Record<string, CommandHandler>;

export interface CommandRegistry {
  get(name: string): CommandHandler | undefined;
  /** Adds a command; replacing an existing one must be asked for explicitly. */
  register(name: string, handler: CommandHandler, options?: { replace?: boolean }): void;
}

export function createCommandRegistry(initial: Record<string, CommandHandler> = BUILTIN_COMMANDS): CommandRegistry {
  // A Map, not an object: a cmd like `__proto__` or `toString` must be an unknown command.
  const handlers = new Map<string, CommandHandler>(Object.entries(initial));
  return {
    get: (name) => handlers.get(name),
    register(name, handler, options = {}) {
      if (handlers.has(name) && !options.replace) throw new Error(`Realtime command ${name} is already registered`);
      handlers.set(name, handler);
    },
  };
}
