import { Worker } from 'node:worker_threads';
import type { DebugEvalReply } from '../../../shared/api/realtime';
import { EVAL_THREAD_SOURCE } from './evalThread';

const MAX_BUFFER = 200_000;
/**
 * The heap an evaluation's thread may use: code that keeps allocating is stopped there, not the server.
 * (V8 stops the thread when it nears the limit; single allocations of tens of MB at once can overshoot
 * it before that, and V8 then ends the whole process. A child process would contain that too.)
 */
const HEAP_LIMIT_MB = 256;
/** How long a thread may take to start before its run counts as stopped (the time limit starts with the code). */
const STARTUP_MS = 10_000;
/** Marks an argument that stands for a server object which cannot be copied (only `SYSTEM`, a frozen Caller). */
const REF = '__baukastenDebugRef';

/** The threads of evaluations that have not answered yet (an answered evaluation's thread is gone). */
const threads = new Set<Worker>();

/** How many `debug.eval` threads are alive: each is terminated before its evaluation answers. */
export const runningEvaluations = (): number => threads.size;

type FromThread =
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

/** Reads or calls `path` (e.g. `services.documents.find`) for the evaluation thread. */
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

/**
 * Runs `js` as the body of an async function (or as an expression, whose value is the answer) in a worker thread
 * of its own, with `console` writing into the answer's buffer. `globals` are the server's objects: they stay on
 * this thread, the code reaches them through proxies (calling a method sends copies of its arguments and answers
 * a copy of its result; `await services.config.port` reads a value), except `SYSTEM`, passed as a marker.
 * When `timeoutMs` has passed since the code started, the thread is terminated: synchronous loops and pending
 * awaits alike. A finished run's thread is terminated too, so timers it left behind do not run on, and the answer
 * comes after the calls into the server the run had started (none of its effects happens after it). A thread that
 * needs more than HEAP_LIMIT_MB of heap ends with an out-of-memory error; the server's heap is not touched.
 */
export async function evaluate(
  js: string,
  globals: Record<string, unknown>,
  timeoutMs: number,
): Promise<DebugEvalReply> {
  const lines: string[] = [];
  let started = performance.now();
  const worker = new Worker(EVAL_THREAD_SOURCE, {
    eval: true,
    // No loader flags of the server process (tsx, vitest): the thread's program is plain JavaScript.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    workerData: { js, names: Object.keys(globals), maxBuffer: MAX_BUFFER, ref: REF },
  });
  threads.add(worker);
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
    const reply = (message: object) => {
      if (!settled) worker.postMessage(message);
    };
    timer = setTimeout(stop, STARTUP_MS + timeoutMs);
    worker.on('message', (message: FromThread) => {
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
              reply({ type: 'reply', id, value });
            } catch (error) {
              const text = `The result of ${path.join('.')} cannot be sent to the evaluation: ${messageOf(error)}`;
              reply({ type: 'reply', id, error: text, name: 'TypeError' });
            }
          },
          (error: unknown) => {
            const { name, message: text } = (error ?? {}) as { name?: unknown; message?: unknown };
            reply({
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
    // An exception thrown later by a timer of the code, or the thread running out of memory.
    worker.on('error', (error) => settle({ error: messageOf(error) }));
    worker.on('exit', (code) => settle({ error: `The evaluation ended with exit code ${code}` }));
  });
  const duration = Math.round(performance.now() - started);
  await worker.terminate();
  await Promise.allSettled(inFlight);
  threads.delete(worker);
  if (outcome.error !== undefined) {
    lines.push(`✖ ${outcome.error}`);
    return { buffer: lines.join('\n'), duration, error: outcome.error };
  }
  if (outcome.value !== null && outcome.value !== undefined) lines.push(`← ${outcome.value}`);
  return { buffer: lines.join('\n'), duration };
}
