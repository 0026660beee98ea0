import type { PageEditorService } from './modules/pages/operations';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from '../shared/registry';
import type { Caller } from './access/caller';
import type { ServerConfig } from './config';
import type { BlobStore } from './blob/store';
import type { Database } from './db/database';
import type { EventBus } from './events/bus';
import type { DocumentService } from './modules/documents/service';
import type { AuthService } from './modules/auth/service';
import type { FilesService } from './modules/files/service';
import type { QueueService } from './modules/queues/service';
import type { SwarmService } from './modules/swarms/operations';
import type { MailService } from './modules/mail/service';

/** Everything a module needs, built once in `buildApp` and passed in (no singletons). */
export interface Services {
  config: ServerConfig;
  registry: Registry;
  db: Database;
  bus: EventBus;
  documents: DocumentService;
  auth: AuthService;
  files: FilesService;
  /** Where file bytes live (the health check asks it). */
  blobs: BlobStore;
  queues: QueueService;
  swarms: SwarmService;
  mail: MailService;
  pages: PageEditorService;
  log: FastifyBaseLogger;
  /** Set by the graceful shutdown (SIGTERM): the health check answers 503 from then on. */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  /** Route documentation, collected into /api/openapi.json. */
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
  }
  interface FastifyContextConfig {
    /** The route answers anonymous callers even when they send an expired token (login). */
    ignoreInvalidToken?: boolean;
    /** Without an Authorization header, the admin's session cookie authenticates (a tab opening a PDF, GET only). */
    sessionCookie?: boolean;
    /** The body type the route accepts, named when another type answers 415 (default `application/json`). */
    accepts?: string;
  }
  interface FastifyRequest {
    /** Resolved from the bearer token before every handler; anonymous when absent. */
    caller: Caller;
  }
}
