import { inspect } from 'node:util';
import vm from 'node:vm';
import type { DebugEvalReply } from '../../../shared/api/realtime';

const MAX_BUFFER = 200_000;

const show = (value: unknown) =>
  typeof value === 'string' ? value : inspect(value, { depth: 4, breakLength: 120, maxArrayLength: 100 });

/** Where the script finds its parameters for the moment it starts (it runs in this realm: plain objects stay plain). */
const HANDOFF = '__baukastenDebugEval';
let runs = 0;

const messageOf = (error: unknown) => {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (typeof message !== 'string') return String(error);
  return `${typeof name === 'string' ? name : 'Error'}: ${message}`;
};

/**
 * Runs `js` as the body of an async function (or as an expression, whose value is the answer) with `console`
 * writing into the answer's buffer and `globals` as parameters. Its synchronous part is stopped by vm's timeout;
 * a promise that has not settled by the same limit is given up (its work cannot be cancelled, its result is dropped).
 */
export async function evaluate(
  js: string,
  globals: Record<string, unknown>,
  timeoutMs: number,
): Promise<DebugEvalReply> {
  const lines: string[] = [];
  let size = 0;
  const print =
    (prefix = '') =>
    (...args: unknown[]) => {
      const line = prefix + args.map(show).join(' ');
      size += line.length;
      if (size <= MAX_BUFFER) lines.push(line);
    };
  const console = {
    log: print(),
    info: print(),
    debug: print(),
    warn: print('warn: '),
    error: print('error: '),
    dir: print(),
  };
  const names = ['console', ...Object.keys(globals)];
  const key = `${HANDOFF}${++runs}`;
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const target = globalThis as Record<string, unknown>;
  try {
    const wrap = (body: string) => `(async ({ ${names.join(', ')} }) => ${body}\n)(globalThis[${JSON.stringify(key)}])`;
    let script: vm.Script;
    try {
      script = new vm.Script(wrap(`(${js}\n)`), { filename: 'debug.eval' });
    } catch {
      script = new vm.Script(wrap(`{${js}\n}`), { filename: 'debug.eval' });
    }
    target[key] = { console, ...globals };
    const running = script.runInThisContext({ timeout: timeoutMs }) as Promise<unknown>;
    delete target[key];
    const limit = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Stopped after ${timeoutMs} ms`)),
        Math.max(1, timeoutMs - (performance.now() - started)),
      );
    });
    const value = await Promise.race([running, limit]);
    if (value !== undefined) lines.push(`← ${show(value)}`);
    return { buffer: lines.join('\n'), duration: Math.round(performance.now() - started) };
  } catch (error) {
    const text = messageOf(error);
    const message =
      /Script execution timed out/.test(text) || /Stopped after/.test(text) ? `Stopped after ${timeoutMs} ms` : text;
    lines.push(`✖ ${message}`);
    return { buffer: lines.join('\n'), duration: Math.round(performance.now() - started), error: message };
  } finally {
    delete target[key];
    clearTimeout(timer);
  }
}
