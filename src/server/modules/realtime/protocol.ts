import {
  PROTOCOL_ERROR_CMD,
  type CommandId,
  type CommandReply,
  type RealtimeCommand,
} from '../../../shared/api/realtime';
import { badTextIn } from '../../requestHygiene';

/** Parsing and answering the websocket wire format declared in shared/api/realtime.ts. */

const MAX_CMD_LENGTH = 128;
const MAX_ID_LENGTH = 128;

export type ParseResult = { ok: true; command: RealtimeCommand } | { ok: false; reply: CommandReply };

const fail = (error: string, cmd = PROTOCOL_ERROR_CMD, id?: CommandId): ParseResult => ({
  ok: false,
  reply: id === undefined ? { cmd, error } : { cmd, id, error },
});

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

function isValidId(id: unknown): id is CommandId {
  return (typeof id === 'string' && id.length <= MAX_ID_LENGTH) || (typeof id === 'number' && Number.isFinite(id));
}

/** Parses one text frame; never throws. Invalid input yields the error reply to send back. */
export function parseCommand(text: string): ParseResult {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return fail('Invalid JSON');
  }
  if (!isPlainObject(message)) return fail('A message must be a JSON object');
  const { cmd, id, data } = message;
  const validId = isValidId(id) ? id : undefined;
  if (typeof cmd !== 'string' || cmd.length === 0 || cmd.length > MAX_CMD_LENGTH)
    return fail('A message needs a cmd string', PROTOCOL_ERROR_CMD, validId);
  if (id !== undefined && validId === undefined) return fail('id must be a string or a number', cmd);
  // As in HTTP requests (requestHygiene): no NUL or lone surrogate in any string or key, which PostgreSQL cannot store.
  const nul = badTextIn({ cmd, id, data }, '', '');
  if (nul) return fail(nul, hasNul(cmd) ? PROTOCOL_ERROR_CMD : cmd, hasNul(validId) ? undefined : validId);
  const command: RealtimeCommand = { cmd };
  if (validId !== undefined) command.id = validId;
  if (data !== undefined) command.data = data;
  return { ok: true, command };
}

export function replyData(command: RealtimeCommand, data: unknown): CommandReply {
  return command.id === undefined ? { cmd: command.cmd, data } : { cmd: command.cmd, id: command.id, data };
}

export function replyError(command: RealtimeCommand, error: string): CommandReply {
  return command.id === undefined ? { cmd: command.cmd, error } : { cmd: command.cmd, id: command.id, error };
}

/** A token bucket: `capacity` messages at once, refilled at `perSecond`. */
export function createTokenBucket(capacity: number, perSecond: number, now: () => number = Date.now) {
  let tokens = capacity;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(capacity, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
