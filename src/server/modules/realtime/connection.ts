import type { FastifyBaseLogger } from 'fastify';
import { ANONYMOUS, hasAccess, type Caller } from '../../access/caller';
import { HttpError, unauthorized } from '../../errors';
import { isRevoked, type EventBus, type ServerEvent } from '../../events/bus';
import { SESSION_END_MESSAGES, type SessionEndCode } from '../../../shared/api/auth';
import type { AuthService } from '../auth/service';
import { tokenHash } from '../auth/sessions';
import { SESSION_INVALID, type CommandRegistry, type ConnectionSession } from './commands';
import { affectsSession, pushesFor, QUEUE_PERMISSION, type VisibleTo } from './events';
import {
  PROTOCOL_ERROR_CMD,
  type CommandReply,
  type PushMessage,
  type RealtimeCommand,
} from '../../../shared/api/realtime';
import { createTokenBucket, parseCommand, replyData, replyError } from './protocol';

/** What the realtime module needs of the services (`Services` satisfies it; unit tests pass fakes). */
export interface RealtimeDeps {
  bus: EventBus;
  documents: { visibleTo: VisibleTo };
  auth: Pick<AuthService, 'callerFromToken'>;
  log: FastifyBaseLogger;
}

export interface ConnectionLimits {
  /** Sustained messages per second and the burst allowed on top. */
  messagesPerSecond: number;
  burst: number;
  /** Commands queued behind a slow one before further messages are refused. */
  maxPending: number;
  /** A logged-in socket re-resolves its token at least this often (revoked sessions, changed roles). */
  recheckMs: number;
  /** A client that reads slower than this much unsent data is dropped. */
  maxBufferedBytes: number;
  /** Events held back while the session is re-checked. */
  maxHeldEvents: number;
}

/** The part of a ws socket a connection uses (ws's WebSocket satisfies it). */
export interface OutgoingSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
}

const OPEN = 1;
const TOO_MANY = 'Too many messages';

/** One socket: its login state, joined queues, command queue and the events it may see. */
export class Connection implements ConnectionSession {
  caller: Caller = ANONYMOUS;
  readonly queues = new Set<string>();
  private token: string | undefined;
  /** SHA-256 of the token logged in with, or being logged in with (how a `session/revoked` event names it). */
  private sessionHash: string | undefined;
  /** Bumped by login and logout, so a re-check that started before them does not overwrite them. */
  private generation = 0;
  private checkedAt = 0;
  private alive = true;
  private closed = false;
  private rechecking = false;
  private recheckQueued = false;
  private held: ServerEvent[] = [];
  private pending = 0;
  private chain: Promise<void> = Promise.resolve();
  private readonly bucket: { take(): boolean };
  private readonly unsubscribe: () => void;

  constructor(
    private readonly socket: OutgoingSocket,
    private readonly deps: RealtimeDeps,
    private readonly commands: CommandRegistry,
    private readonly limits: ConnectionLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.bucket = createTokenBucket(limits.burst, limits.messagesPerSecond, now);
    this.unsubscribe = deps.bus.subscribe((event) => this.deliver(event));
  }

  /** A frame arrived: its text, or undefined for a binary frame. Never throws. */
  receive(text: string | undefined): void {
    this.alive = true;
    if (this.closed) return;
    const limited = !this.bucket.take() || this.pending >= this.limits.maxPending;
    if (text === undefined)
      return this.send({ cmd: PROTOCOL_ERROR_CMD, error: limited ? TOO_MANY : 'Binary messages are not supported' });
    // Parsing first (a frame is at most maxPayload) lets the refusal carry the id the client waits on.
    const parsed = parseCommand(text);
    if (!parsed.ok) return this.send(limited ? { ...parsed.reply, error: TOO_MANY } : parsed.reply);
    if (limited) return this.send(replyError(parsed.command, TOO_MANY));
    // One command at a time per socket: a login is done before the next command sees the caller.
    this.pending++;
    this.chain = this.chain.then(() => this.run(parsed.command)).finally(() => this.pending--);
  }

  private async run(command: RealtimeCommand): Promise<void> {
    const handler = this.commands.get(command.cmd);
    if (!handler) return this.send(replyError(command, `Unknown command ${command.cmd}`));
    try {
      const data = await handler({ caller: this.caller, session: this, log: this.deps.log }, command.data);
      this.send(replyData(command, data ?? null));
    } catch (error) {
      if (error instanceof HttpError) return this.send(replyError(command, error.message));
      this.deps.log.error({ err: error, cmd: command.cmd }, 'realtime command failed');
      this.send(replyError(command, 'Internal server error'));
    }
  }

  async login(token: string): Promise<Caller> {
    this.logout();
    const generation = this.generation;
    // Named while the token is resolved: a revocation meanwhile bumps the generation and the login fails.
    this.sessionHash = token ? tokenHash(token) : undefined;
    let caller: Caller;
    try {
      caller = token ? await this.deps.auth.callerFromToken(token) : ANONYMOUS;
      if (!caller.user || generation !== this.generation || this.closed) throw unauthorized(SESSION_INVALID);
    } catch (error) {
      if (generation === this.generation) this.sessionHash = undefined;
      if (error instanceof HttpError) throw unauthorized(SESSION_INVALID);
      throw error;
    }
    this.caller = caller;
    this.token = token;
    this.checkedAt = this.now();
    return caller;
  }

  logout(): void {
    this.generation++;
    this.token = undefined;
    this.sessionHash = undefined;
    this.caller = ANONYMOUS;
    this.queues.clear();
  }

  /** A bus event: forwarded if the caller may see it. Runs inside `bus.publish`, so it never throws. */
  deliver(event: ServerEvent): void {
    if (this.closed) return;
    if (event.type === 'session/revoked') {
      // At once, before any later event: the session is gone from the database already.
      if (this.sessionHash && isRevoked(event, this.sessionHash, this.caller.user?._id)) {
        if (this.token) this.endSession('reason' in event ? event.reason : undefined);
        else this.logout();
      }
      return;
    }
    if (affectsSession(event, this.caller.user?._id)) this.requestRecheck();
    if (this.rechecking) {
      if (this.held.length < this.limits.maxHeldEvents) this.held.push(event);
      else this.deps.log.warn('realtime event dropped while the session is re-checked');
      return;
    }
    this.forward(event);
  }

  private forward(event: ServerEvent): void {
    try {
      const messages = pushesFor(event, this.caller, this.queues, (caller, model, doc) =>
        this.deps.documents.visibleTo(caller, model, doc),
      );
      for (const message of messages) this.send(message);
    } catch (error) {
      this.deps.log.error({ err: error, event: event.type }, 'realtime event could not be filtered');
    }
  }

  /** Re-resolves the token soon; events wait meanwhile, so none reach a caller who just lost access. */
  requestRecheck(): void {
    if (!this.token || this.closed) return;
    if (this.rechecking) {
      this.recheckQueued = true;
      return;
    }
    this.rechecking = true;
    void this.runRecheck();
  }

  private async runRecheck(): Promise<void> {
    do {
      this.recheckQueued = false;
      // Lets the operation that published the event finish (it invalidates auth caches after publishing).
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.recheckOnce();
    } while (this.recheckQueued && !this.closed);
    this.rechecking = false;
    const held = this.held;
    this.held = [];
    for (const event of held) this.forward(event);
  }

  private async recheckOnce(): Promise<void> {
    const { token, generation } = this;
    if (!token) return;
    let next: Caller | undefined;
    try {
      const caller = await this.deps.auth.callerFromToken(token);
      next = caller.user ? caller : undefined;
    } catch (error) {
      // A failure other than a rejected session (database down) also ends the session: fail closed.
      if (!(error instanceof HttpError)) this.deps.log.warn({ err: error }, 'realtime session re-check failed');
    }
    if (generation !== this.generation || this.closed) return;
    this.checkedAt = this.now();
    if (next) {
      this.caller = next;
      if (!hasAccess(next, QUEUE_PERMISSION)) this.queues.clear();
      return;
    }
    this.endSession();
  }

  /** The session was rejected or revoked: the socket is anonymous again and told so, and why (spec section 4). */
  private endSession(code?: SessionEndCode): void {
    this.logout();
    this.send({
      type: 'logout',
      data: code ? { reason: SESSION_END_MESSAGES[code], code } : { reason: SESSION_INVALID },
    });
  }

  /** Called every heartbeat interval: false when the socket missed the last ping and was terminated. */
  heartbeat(): boolean {
    if (!this.alive) {
      this.socket.terminate();
      return false;
    }
    this.alive = false;
    try {
      this.socket.ping();
    } catch {
      // Not open (yet or any more): the next beat terminates it.
    }
    if (this.token && this.now() - this.checkedAt >= this.limits.recheckMs) this.requestRecheck();
    return true;
  }

  pong(): void {
    this.alive = true;
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.held = [];
    this.logout();
  }

  private send(message: CommandReply | PushMessage): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.deps.log.warn('realtime client too slow, dropping it');
      this.socket.terminate();
      return;
    }
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      this.deps.log.error({ err: error }, 'realtime message not serialisable');
      if (!('cmd' in message)) return;
      text = JSON.stringify({ cmd: message.cmd, id: message.id, error: 'Internal server error' });
    }
    this.socket.send(text);
  }
}
