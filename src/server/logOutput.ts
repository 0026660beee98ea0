import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { ServerConfig } from './config';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's lines for a request as one short line for its answer (`GET /_/clients 200 12 ms`) instead of two objects. */
class ShortRequestLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * Fastify's logger for the configured format. `json`: pino's JSON lines, two a request (received and
 * answered), for log collectors. `pretty` (a terminal, as under npm start): each line with its time and
 * level, errors with their stack, one short line a request, so what the start printed (where to log
 * in) is not buried under objects. A stream given (tests read it) gets JSON.
 */
export function loggerOptions(
  config: Pick<ServerConfig, 'logLevel' | 'logFormat'>,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (stream) return { logger: { level: config.logLevel, stream } };
  if (config.logFormat === 'json') return { logger: { level: config.logLevel } };
  return {
    logger: {
      level: config.logLevel,
      stream: pretty({ singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' }),
    },
    logController: new ShortRequestLines(),
  };
}
