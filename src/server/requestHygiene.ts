import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * Checks every request gets before its route sees it, in one place so that no route can forget them:
 * JSON bodies that say why they are refused, and no NUL character or lone surrogate in any string of a body,
 * query or path (PostgreSQL cannot store `\u0000` in text or jsonb, nor `\ud83d` without its pair in jsonb: it
 * would fail deep in SQL as a 500).
 */
export function registerRequestHygiene(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  // Without its own `bodyLimit` the parser keeps the route's limit, or the server's.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    const problem =
      badTextIn(request.params, '', 'path parameter ') ??
      badTextIn(request.query, '', 'query parameter ') ??
      (typeof request.body === 'string' || isPlain(request.body) ? badTextIn(request.body, '', '') : undefined);
    if (problem) throw badRequest(problem);
  });
}

/** A JSON body as an object; a 400 naming why it is refused (not JSON, empty, or a prototype key). */
export function parseJsonBody(body: string): unknown {
  if (body.length === 0) throw badRequest('Body must not be empty when content-type is application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw badRequest(`Body is not valid JSON: ${(error as Error).message}`);
  }
  const key = prototypeKey(parsed);
  if (key) throw badRequest(`Body must not contain the key ${key}`);
  return parsed;
}

/** `__proto__`, or `constructor` holding `prototype`, anywhere in the value: keys that pollute prototypes when merged. */
function prototypeKey(value: unknown): string | undefined {
  const stack = [value];
  while (stack.length) {
    const next = stack.pop();
    if (!next || typeof next !== 'object') continue;
    for (const [key, child] of Object.entries(next)) {
      if (key === '__proto__') return '__proto__';
      if (key === 'constructor' && child && typeof child === 'object' && 'prototype' in child)
        return 'constructor.prototype';
      stack.push(child);
    }
  }
  return undefined;
}

function isPlain(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (!value || typeof value !== 'object') return false;
  // Parsed query strings are objects of a prototype-less class; streams and buffers have real prototypes.
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * A UTF-16 surrogate without its pair: JSON may carry one (`"\ud83d"`, an emoji a browser cut in half at a
 * length limit), but it is no character, and PostgreSQL refuses it in jsonb. With the `u` flag a proper
 * pair is one code point, so only a lone half matches.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with one string or key, if anything. */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'NUL characters';
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate (half of a character such as an emoji)';
  return undefined;
}

/**
 * Where a NUL character or a lone surrogate sits in the value (a string, or a key or string anywhere in plain
 * objects and arrays), as a message naming it: `firstName: must not contain NUL characters`, `data.x: ...`.
 * Walked with a stack, not recursion: however deep a body nests (its size is bounded by the body
 * limit), every string is looked at.
 */
export function badTextIn(value: unknown, path: string, prefix: string): string | undefined {
  // Each entry: a value, where it sits, and what is wrong with its own key.
  const stack: [unknown, string, string | undefined][] = [[value, path, undefined]];
  while (stack.length) {
    const [next, at, badKey] = stack.pop()!;
    if (badKey) return `${prefix}${JSON.stringify(at)}: keys must not contain ${badKey}`;
    if (typeof next === 'string') {
      const problem = textProblem(next);
      if (problem) return `${prefix}${at || 'body'}: must not contain ${problem}`;
    } else if (isPlain(next)) {
      // Pushed in reverse, so the first bad text in document order is the one named.
      for (const [key, child] of Object.entries(next).reverse()) {
        const where = Array.isArray(next) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
        stack.push([child, where, textProblem(key)]);
      }
    }
  }
  return undefined;
}

/** What Node's HTTP parser refused, as the app's `{ error }` answer (instead of fastify's own shape). */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header is not a valid number'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'Content-Length must not be sent together with Transfer-Encoding: chunked'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'The Transfer-Encoding header is not valid'],
  HPE_INVALID_HEADER_TOKEN: [400, 'A request header has an invalid name or value'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  HPE_INVALID_METHOD: [400, 'The request method is not valid'],
  HPE_INVALID_URL: [400, 'The request URL is not valid'],
  HPE_INVALID_CHUNK_SIZE: [400, 'A chunk of the body has an invalid size'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long'],
};

/** The `clientErrorHandler` of the server: a malformed request answers `{ error }` naming the problem. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The HTTP request is malformed'];
  const body = JSON.stringify({ error: message });
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** How much of a refused path an answer repeats. */
const SHOWN_PATH = 200;

/**
 * Fastify's `frameworkErrors`: failures before any route is found answer `{ error }` naming the problem
 * like every other refusal, not Fastify's own `{ error, code, message, statusCode }`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = (request.raw.url ?? '').split('?')[0];
  const shown = path.length > SHOWN_PATH ? `${path.slice(0, SHOWN_PATH)}…` : path;
  if (error.code === 'FST_ERR_BAD_URL')
    void reply
      .status(400)
      .send({ error: `The URL path ${shown} is not valid: it holds an invalid percent-encoding (such as %ff or %zz)` });
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void reply.status(414).send({ error: `A part of the URL path ${shown} is too long` });
  else {
    request.log.error({ err: error }, 'request failed before routing');
    void reply.status(500).send({ error: 'Internal server error' });
  }
}
