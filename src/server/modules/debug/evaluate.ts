import { spawn, type ChildProcess } from 'node:child_process';
import type { DebugEvalReply } from '../../../shared/api/realtime';
import { EVAL_PROCESS_SOURCE } from './evalProcess';

const MAX_BUFFER = 200_000;
/**
 * The heap an evaluation's process may use. Code that goes past it, slowly or with one huge allocation, ends
 * that process (V8 gives up on the whole process then, which is why it is not a thread of the server's).
 */
const HEAP_LIMIT_MB = 256;
/** How long a process may take to start before its run counts as stopped (the time limit starts with the code). */
const STARTUP_MS = 10_000;
/** Marks an argument that stands for a server object which cannot be copied (only `SYSTEM`, a frozen Caller). */
const REF = '__baukastenDebugRef';
/** The end of what the process wrote to stderr that is kept, to tell why it ended. */
const STDERR_TAIL = 4_000;

/** The processes of evaluations that have not answered yet (an answered evaluation's process is gone). */
const running = new Set<ChildProcess>();

/** How many `debug.eval` processes are alive: each is ended before its evaluation answers. */
export const runningEvaluations = (): number => running.size;

type FromProcess =
  | { type: 'started' }
  | { type: 'line'; line: string }
  | { type: 'call'; id: number; kind: 'call' | 'get'; path: string[]; args: unknown[] }
  | { type: 'done'; value: string | null }
  | { type: 'done'; error: string };

const messageOf = (error: unknown) => {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (typeof message !== 'string') return String(error);
  return `${typeof name === 'string' ? name : 'Error'}: ${message}`;
};

/** Puts the server objects back in place of their markers in a call's (copied) arguments. */
function revive(value: unknown, globals: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => revive(item, globals));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const record = value as Record<string, unknown>;
  if (typeof record[REF] === 'string' && Object.hasOwn(globals, record[REF])) return globals[record[REF]];
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, revive(item, globals)]));
}

/** Reads or calls `path` (e.g. `services.documents.find`) for the evaluation process. */
async function serve(globals: Record<string, unknown>, kind: 'call' | 'get', path: string[], args: unknown[]) {
  const [name, ...rest] = path;
  if (!name || !Object.hasOwn(globals, name)) throw new ReferenceError(`${path.join('.')} is not defined`);
  let owner: unknown;
  let value: unknown = globals[name];
  for (const [index, key] of rest.entries()) {
    if (value === null || value === undefined)
      throw new TypeError(`Cannot read ${key} of ${path.slice(0, index + 1).join('.')} (${value})`);
    owner = value;
    value = (value as Record<string, unknown>)[key];
  }
  if (kind === 'get') return await value;
  if (typeof value !== 'function') throw new TypeError(`${path.join('.')} is not a function`);
  return await (value as (...args: unknown[]) => unknown).apply(owner, revive(args, globals) as unknown[]);
}

/** Why an evaluation's process ended before it answered. */
function endedBecause(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  if (/heap out of memory|Allocation failed/i.test(stderr))
    return `The evaluation ran out of memory (its heap may use ${HEAP_LIMIT_MB} MB)`;
  return code === null ? `The evaluation ended by signal ${signal}` : `The evaluation ended with exit code ${code}`;
}

/**
 * Runs `js` as the body of an async function (or as an expression, whose value is the answer) in a Node process
 * of its own, with `console` writing into the answer's buffer. `globals` are the server's objects: they stay in
 * the server, the code reaches them through proxies (calling a method sends copies of its arguments and answers
 * a copy of its result; `await services.config.port` reads a value), except `SYSTEM`, passed as a marker.
 * When `timeoutMs` has passed since the code started, the process is killed: synchronous loops and pending awaits
 * alike. A finished run's process is killed too, so timers it left behind do not run on, and the answer comes
 * after the calls into the server the run had started (none of its effects happens after it). A process that
 * needs more than HEAP_LIMIT_MB of heap ends with an out-of-memory error; the server is not touched.
 */
export async function evaluate(
  js: string,
  globals: Record<string, unknown>,
  timeoutMs: number,
): Promise<DebugEvalReply> {
  const lines: string[] = [];
  let started = performance.now();
  // No loader flags of the server process (tsx, vitest): the process's program is plain JavaScript.
  const { NODE_OPTIONS: _loaders, ...env } = process.env;
  const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, '-e', EVAL_PROCESS_SOURCE], {
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_TAIL);
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  /** Calls into the server's objects still running: the answer waits for them, so nothing of the run happens after it. */
  const inFlight = new Set<Promise<void>>();
  const outcome = await new Promise<{ value?: string | null; error?: string }>((resolve) => {
    const settle = (result: { value?: string | null; error?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const stop = () => settle({ error: `Stopped after ${timeoutMs} ms` });
    const send = (message: object) => {
      if (!settled && child.connected) child.send(message);
    };
    timer = setTimeout(stop, STARTUP_MS + timeoutMs);
    child.on('message', (message: FromProcess) => {
      if (message.type === 'started') {
        started = performance.now();
        clearTimeout(timer);
        timer = setTimeout(stop, timeoutMs);
      } else if (message.type === 'line') lines.push(message.line);
      else if (message.type === 'done') settle(message);
      else if (message.type === 'call') {
        const { id, kind, path, args } = message;
        const call = serve(globals, kind, path, args).then(
          (value) => {
            try {
              send({ type: 'reply', id, value });
            } catch (error) {
              const text = `The result of ${path.join('.')} cannot be sent to the evaluation: ${messageOf(error)}`;
              send({ type: 'reply', id, error: text, name: 'TypeError' });
            }
          },
          (error: unknown) => {
            const { name, message: text } = (error ?? {}) as { name?: unknown; message?: unknown };
            send({
              type: 'reply',
              id,
              error: typeof text === 'string' ? text : String(error),
              name: typeof name === 'string' ? name : 'Error',
            });
          },
        );
        inFlight.add(call);
        void call.finally(() => inFlight.delete(call));
      }
    });
    child.on('error', (error) => settle({ error: messageOf(error) }));
    // Out of memory, process.exit() in the code, or killed from outside. The stderr pipe is read to its end first.
    child.on('close', (code, signal) => settle({ error: endedBecause(code, signal, stderr) }));
    send({ type: 'start', js, names: Object.keys(globals), maxBuffer: MAX_BUFFER, ref: REF });
  });
  const duration = Math.round(performance.now() - started);
  child.kill('SIGKILL');
  await exited;
  await Promise.allSettled(inFlight);
  running.delete(child);
  if (outcome.error !== undefined) {
    lines.push(`✖ ${outcome.error}`);
    return { buffer: lines.join('\n'), duration, error: outcome.error };
  }
  if (outcome.value !== null && outcome.value !== undefined) lines.push(`← ${outcome.value}`);
  return { buffer: lines.join('\n'), duration };
}
