import type { SessionEndCode } from './auth';
import type { JobStateEvent } from './queues';

/**
 * The websocket wire format of `/api/websocket` (spec section 7): the client sends `{ cmd, data?, id? }`,
 * the server answers `{ cmd, id?, data }` or `{ cmd, id?, error }` and pushes events as `{ type, data }`.
 */

export type CommandId = string | number;

/** A command a client sends. */
export interface RealtimeCommand {
  cmd: string;
  data?: unknown;
  id?: CommandId;
}

/** The answer to one command. */
export type CommandReply =
  { cmd: string; id?: CommandId; data: unknown } | { cmd: string; id?: CommandId; error: string };

/** The `cmd` of replies to messages that carry no usable `cmd` (bad JSON, flooding). */
export const PROTOCOL_ERROR_CMD = 'error';

/** The built-in commands: their names and the `data` they take. */
export interface RealtimeCommands {
  /** data: the login token; answers the user's login and roles. */
  login: string;
  logout: undefined;
  /** A round trip: every event sent before it has arrived when the reply (`'pong'`) does. */
  ping: undefined;
  'SimpleQueue.joinQueue': { queue: string };
  'SimpleQueue.leaveQueue': { queue: string };
  /** Runs JavaScript on the server (debug terminal): only with `DEBUG_EVAL=1`, only for superusers, audited. */
  'debug.eval': DebugEvalCommand;
}

/** `debug.eval`'s data. */
export interface DebugEvalCommand {
  js: string;
}

/** `debug.eval`'s answer: what the code printed and returned (or threw), and how long it ran. */
export interface DebugEvalReply {
  buffer: string;
  /** Milliseconds. */
  duration: number;
  /** Set when the code threw or ran out of time. */
  error?: string;
}

/** `GET /api/debug/status`: may this caller use the debug terminal (enabled by the server and a superuser)? */
export interface DebugStatus {
  enabled: boolean;
}

/** The role the debug terminal needs (spec section 6). */
export const DEBUG_EVAL_ROLE = 'superuser';
/** Largest code a `debug.eval` takes. */
export const DEBUG_EVAL_MAX_CODE = 20_000;

/** The answer of `login` and `logout`. */
export interface LoginReply {
  user: string | null | undefined;
  roles: string[];
}

/** `document`: a document changed (sent to sockets whose caller may read it, with what they may read). */
export interface DocumentEvent {
  model: string;
  id: string;
  action: 'create' | 'update' | 'delete';
  doc?: Record<string, unknown>;
}

/** `cms/item`: a file or folder changed; its folder's listing should reload. */
export interface CmsItemEvent {
  id: string;
  parent: string | null;
}

/** `queue/state`: a job of a queue the socket joined changed state. */
export interface QueueStateEvent {
  queue: string;
  id: string;
  state: JobStateEvent;
}

/** `logout`: the server ended the session of this socket; `code` says why when there is more to say. */
export interface LogoutEvent {
  reason: string;
  code?: SessionEndCode;
}

/** Every event the server pushes, by `type`. */
export interface RealtimeEvents {
  document: DocumentEvent;
  'cms/item': CmsItemEvent;
  'queue/state': QueueStateEvent;
  logout: LogoutEvent;
}

export type PushMessage = { [T in keyof RealtimeEvents]: { type: T; data: RealtimeEvents[T] } }[keyof RealtimeEvents];
