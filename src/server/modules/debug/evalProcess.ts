/**
 * The program of the process a `debug.eval` runs in (`node -e`, with an IPC channel using the structured clone
 * algorithm). It is plain JavaScript in a string so that it runs the same under tsx/vitest and in the esbuild bundle
 * of the server (no file to find next to the bundle, no TypeScript loader in the process).
 *
 * The server sends `{ type: 'start', js, names, maxBuffer, ref }` first. Messages to the server:
 * - `{ type: 'started' }` right before the code runs (the time limit counts from here),
 * - `{ type: 'line', line }` for every line printed (so a stopped run still shows what it printed),
 * - `{ type: 'call', id, kind, path, args }` for a use of `services` (see `remote` below),
 * - `{ type: 'done', value }` (the shown value, or null) or `{ type: 'done', error }` (the error's message, also
 *   for an exception thrown later by a timer of the code).
 * The server answers calls with `{ type: 'reply', id, value }` or `{ type: 'reply', id, error, name }`.
 */
export const EVAL_PROCESS_SOURCE = String.raw`
'use strict';
const { inspect } = require('node:util');
const vm = require('node:vm');

const send = (message) => {
  if (process.connected) process.send(message);
};
// Without the server there is nobody to answer: end with it.
process.on('disconnect', () => process.exit(0));

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
  if (size <= maxBuffer) send({ type: 'line', line });
};
const console = {
  log: print(''),
  info: print(''),
  debug: print(''),
  warn: print('warn: '),
  error: print('error: '),
  dir: print(''),
};

// The server's objects stay in the server: a path into them is asked for there.
// Calling a method sends its (cloned) arguments over and resolves with the (cloned) result;
// awaiting a property (await services.config.port) reads its value.
let calls = 0;
const pending = new Map();
const call = (kind, path, args) =>
  new Promise((resolve, reject) => {
    const id = ++calls;
    pending.set(id, { resolve, reject });
    try {
      send({ type: 'call', id, kind, path, args });
    } catch (error) {
      pending.delete(id);
      reject(new TypeError('The arguments of ' + path.join('.') + ' cannot be sent to the server: ' + messageOf(error)));
    }
  });
const replied = (message) => {
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if ('error' in message) {
    const error = new Error(message.error);
    error.name = message.name;
    waiting.reject(error);
  } else waiting.resolve(message.value);
};
const remote = (path) =>
  new Proxy(function () {}, {
    get(_target, key) {
      if (key === inspect.custom) return () => '[' + path.join('.') + ' in the server: call a method or await a value]';
      if (typeof key === 'symbol') return undefined;
      if (key === 'then') return path.length > 1 ? (resolve, reject) => call('get', path, []).then(resolve, reject) : undefined;
      return remote([...path, key]);
    },
    apply(_target, _this, args) {
      return call('call', path, args);
    },
  });

const wrap = (names, body) => '(async ({ ' + ['console', ...names].join(', ') + ' }) => ' + body + '\n)';
const compile = (js, names) => {
  try {
    return new vm.Script(wrap(names, '(' + js + '\n)'), { filename: 'debug.eval' });
  } catch {
    return new vm.Script(wrap(names, '{' + js + '\n}'), { filename: 'debug.eval' });
  }
};

let maxBuffer = 0;
const start = async ({ js, names, ref }) => {
  const scope = { console };
  for (const name of names) scope[name] = name === 'SYSTEM' ? Object.freeze({ [ref]: 'SYSTEM' }) : remote([name]);
  try {
    const run = compile(js, names).runInThisContext();
    send({ type: 'started' });
    const value = await run(scope);
    send({ type: 'done', value: value === undefined ? null : show(value) });
  } catch (error) {
    send({ type: 'done', error: messageOf(error) });
  }
};
const failed = (error) => send({ type: 'done', error: messageOf(error) });
process.on('uncaughtException', failed);
process.on('unhandledRejection', failed);
process.on('message', (message) => {
  if (message.type === 'reply') replied(message);
  else if (message.type === 'start') {
    maxBuffer = message.maxBuffer;
    void start(message);
  }
});
`;
