/**
 * The program of the thread a `debug.eval` runs in (a `node:worker_threads` Worker started with `eval: true`).
 * It is plain JavaScript in a string so that it runs the same under tsx/vitest and in the esbuild bundle of the
 * server (no worker file to find next to the bundle, no TypeScript loader in the thread).
 *
 * Messages to the server thread:
 * - `{ type: 'started' }` right before the code runs (the time limit counts from here),
 * - `{ type: 'line', line }` for every line printed (so a stopped run still shows what it printed),
 * - `{ type: 'call', id, kind, path, args }` for a use of `services` (see `remote` below),
 * - `{ type: 'done', value }` (the shown value, or null) or `{ type: 'done', error }` (the error's message).
 * The server thread answers calls with `{ type: 'reply', id, value }` or `{ type: 'reply', id, error, name }`.
 */
export const EVAL_THREAD_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { inspect } = require('node:util');
const vm = require('node:vm');

const { js, names, maxBuffer, ref } = workerData;

const show = (value) =>
  typeof value === 'string' ? value : inspect(value, { depth: 4, breakLength: 120, maxArrayLength: 100 });

const messageOf = (error) => {
  const { name, message } = error ?? {};
  if (typeof message !== 'string') return String(error);
  return (typeof name === 'string' ? name : 'Error') + ': ' + message;
};

let size = 0;
const print = (prefix) => (...args) => {
  const line = prefix + args.map(show).join(' ');
  size += line.length;
  if (size <= maxBuffer) parentPort.postMessage({ type: 'line', line });
};
const console = {
  log: print(''),
  info: print(''),
  debug: print(''),
  warn: print('warn: '),
  error: print('error: '),
  dir: print(''),
};

// The server's objects stay on the server thread: a path into them is asked for there.
// Calling a method sends its (cloned) arguments over and resolves with the (cloned) result;
// awaiting a property (await services.config.port) reads its value.
let calls = 0;
const pending = new Map();
const call = (kind, path, args) =>
  new Promise((resolve, reject) => {
    const id = ++calls;
    pending.set(id, { resolve, reject });
    try {
      parentPort.postMessage({ type: 'call', id, kind, path, args });
    } catch (error) {
      pending.delete(id);
      reject(new TypeError('The arguments of ' + path.join('.') + ' cannot be sent to the server thread: ' + messageOf(error)));
    }
  });
parentPort.on('message', (message) => {
  if (message.type !== 'reply') return;
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if ('error' in message) {
    const error = new Error(message.error);
    error.name = message.name;
    waiting.reject(error);
  } else waiting.resolve(message.value);
});
const remote = (path) =>
  new Proxy(function () {}, {
    get(_target, key) {
      if (key === inspect.custom) return () => '[' + path.join('.') + ' on the server thread: call a method or await a value]';
      if (typeof key === 'symbol') return undefined;
      if (key === 'then') return path.length > 1 ? (resolve, reject) => call('get', path, []).then(resolve, reject) : undefined;
      return remote([...path, key]);
    },
    apply(_target, _this, args) {
      return call('call', path, args);
    },
  });

const scope = { console };
for (const name of names) scope[name] = name === 'SYSTEM' ? Object.freeze({ [ref]: 'SYSTEM' }) : remote([name]);

const wrap = (body) => '(async ({ ' + ['console', ...names].join(', ') + ' }) => ' + body + '\n)';
const compile = () => {
  try {
    return new vm.Script(wrap('(' + js + '\n)'), { filename: 'debug.eval' });
  } catch {
    return new vm.Script(wrap('{' + js + '\n}'), { filename: 'debug.eval' });
  }
};

(async () => {
  try {
    const run = compile().runInThisContext();
    parentPort.postMessage({ type: 'started' });
    const value = await run(scope);
    parentPort.postMessage({ type: 'done', value: value === undefined ? null : show(value) });
  } catch (error) {
    parentPort.postMessage({ type: 'done', error: messageOf(error) });
  }
})();
`;
