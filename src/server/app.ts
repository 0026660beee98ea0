import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import {
  createRegistry,
  inverseProblems,
  referenceProblems,
  relationAccessProblems,
  treeProblems,
  type SchemaSet,
} from '../shared/registry';
import { ANONYMOUS, SYSTEM } from './access/caller';
import { configFromEnv, type ServerConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open';
import type { PostgresDatabase } from './db/postgres';
import { scheduleMaintenance } from './db/maintenance';
import { withStartupLock } from './db/startupLock';
import { migrate } from './db/tables';
import { registerErrorHandler } from './errors';
import { answerClientError, answerFrameworkError, registerRequestHygiene } from './requestHygiene';
import { registerSecurityHeaders } from './securityHeaders';
import { createEventBus } from './events/bus';
import { startPgBridge } from './events/pgBridge';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { cmsRoutes, siteRoutes } from './modules/cms/routes';
import { createPageEditor } from './modules/pages/operations';
import { pageEditorRoutes } from './modules/pages/routes';
import { paymentRoutes } from './modules/payment/routes';
import { loggingRoutes } from './modules/logging/routes';
import { formRoutes } from './modules/forms/routes';
import { createAuthService } from './modules/auth/operations';
import { documentRoutes } from './modules/documents/routes';
import { createDocumentService } from './modules/documents/operations';
import { healthRoutes } from './modules/health/routes';
import { collectRoutes, openApiRoutes } from './modules/openapi/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { schemaRoutes } from './modules/schemas/routes';
import { loadSchemaSet } from './schemaSet';
import { annotationProblems } from '../shared/validation/annotationProblems';
import type { Services } from './services';
import { openBlobStore } from './blob/open';
import { createFilesService } from './modules/files/operations';
import { createLimiter } from './modules/files/limiter';
import { fileRoutes } from './modules/files/routes';
import { createQueueService } from './modules/queues/operations';
import { queueRoutes } from './modules/queues/routes';
import { createDockerClient } from './modules/swarms/docker';
import { createSwarmService } from './modules/swarms/operations';
import { swarmRoutes } from './modules/swarms/routes';
import { createMailService } from './modules/mail/service';
import { aiRoutes } from './modules/ai/routes';
import { debugRoutes } from './modules/debug/routes';
import { storyRoutes } from './modules/story/routes';
import { routeValidationError } from './routeValidation';
import { addVocabulary } from '../shared/validation/createAjv';
import { loggerOptions, type LogStream } from './logOutput';
import { bearerToken, sessionCookieToken } from './modules/auth/sessionCookie';

export interface AppOptions {
  config?: Partial<ServerConfig>;
  /** Use this database instead of opening one from the configuration (tests pass a PGlite from a template). */
  db?: Database;
  schemas?: SchemaSet;
  logger?: boolean;
  /** Where the log's lines go instead of stdout (tests read what the start logged). */
  logStream?: LogStream;
  /**
   * Runs once the app is built, still under the startup lock (with PostgreSQL, processes starting
   * together run it one after the other): `main.ts` creates the first admin and the demo content here.
   */
  prepare?: (services: Services) => Promise<void>;
}

/** Builds the whole server without listening: tests call `inject()`, `main.ts` listens. */
export type App = FastifyInstance & { services: Services };

/** At close, how long uploads still running may take to end (a commit streaming to the bucket finishes). */
const UPLOAD_SETTLE_MS = 10_000;

export async function buildApp(options: AppOptions = {}): Promise<App> {
  const config: ServerConfig = { ...configFromEnv(), ...options.config };
  const db = options.db ?? (await openDatabase(config));
  // Migration, queue setup and `prepare` run one process at a time when several start together.
  return withStartupLock(db, async () => {
    const app = await assemble(options, config, db);
    await options.prepare?.(app.services);
    return app;
  });
}

async function assemble(options: AppOptions, config: ServerConfig, db: Database): Promise<App> {
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : loggerOptions(config, options.logStream)),
    bodyLimit: config.bodyLimit,
    trustProxy: process.env.TRUST_PROXY === '1',
    // Reject __proto__ and constructor.prototype keys in JSON bodies instead of silently dropping them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // While closing, requests on open connections are still answered (with `Connection: close`), not refused with 503.
    return503OnClosing: false,
    // A malformed request (e.g. a Content-Length that is no number) answers `{ error }` naming the problem.
    clientErrorHandler: answerClientError,
    // A URL Fastify cannot decode (`/%ff`) answers `{ error }` too.
    frameworkErrors: answerFrameworkError,
    ajv: {
      // verbose: a refusal carries the schema it broke, whose x-patternMessage says a pattern in words.
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allowUnionTypes: true,
        verbose: true,
      },
      plugins: [addVocabulary],
    },
    schemaErrorFormatter: routeValidationError,
  });
  registerErrorHandler(app);
  // Before any route: JSON bodies and NUL characters are checked for all of them.
  registerRequestHygiene(app);
  // nosniff on every answer, a CSP and frame policy on every HTML answer.
  registerSecurityHeaders(app);
  // Before any route: the OpenAPI description lists every route registered after this.
  collectRoutes(app);

  const schemas = options.schemas ?? (await loadSchemaSet(config.schemaDirs));
  // A wrong annotation in a schema of SCHEMA_DIRS (those of schemas/ passed `npm run generate`) would fail
  // later, at the registry or the model's first save: refuse to start instead, naming it.
  const annotations = Object.values(schemas).flatMap((kind) =>
    Object.entries(kind).flatMap(([name, schema]) =>
      annotationProblems(schema).map((problem) => `${name}: ${problem}`),
    ),
  );
  if (annotations.length > 0) throw new Error(`Schema annotations: ${annotations.join('; ')}`);
  const registry = createRegistry(schemas);
  // A two-way link declared on one side only would be kept on that side only: refuse to start instead.
  const inverse = inverseProblems(registry.models);
  if (inverse.length > 0) throw new Error(`x-inverse: ${inverse.join('; ')}`);
  const trees = treeProblems(registry.models);
  if (trees.length > 0) throw new Error(`x-relation.tree: ${trees.join('; ')}`);
  const references = referenceProblems(registry);
  if (references.length > 0) throw new Error(`Schemas name what is not there: ${references.join('; ')}`);
  // Served as declared (the API keeps to the permissions), but the admin cannot offer what such a field needs.
  for (const problem of relationAccessProblems(registry.models)) app.log.warn(`x-permission: ${problem}`);
  for (const warning of await migrate(db, registry)) app.log.warn(warning);
  const bus = createEventBus();
  // Auth writes the first admin through the document operations, which need auth for password hashes.
  const auth = createAuthService({ db, registry, config, log: app.log, bus, documents: () => documents });
  await auth.migrate();
  const documents = createDocumentService({ db, registry, bus, auth, log: app.log });
  const queues = createQueueService({ db, bus, log: app.log, runJobs: config.runJobs });
  const blobs = openBlobStore(config);
  const files = createFilesService({
    db,
    documents,
    queues,
    blobs,
    limiter: createLimiter(2, 16),
    uploadLimit: config.fileUploadLimitBytes,
    log: app.log,
  });
  const swarms = createSwarmService({
    documents,
    docker: config.dockerHost ? createDockerClient(config.dockerHost) : undefined,
    log: app.log,
  });
  const mail = createMailService({ config, documents, queues, log: app.log });
  const pages = createPageEditor({ documents, registry, db });
  const services: Services = {
    config,
    registry,
    db,
    bus,
    documents,
    auth,
    files,
    blobs,
    queues,
    swarms,
    mail,
    pages,
    log: app.log,
    lifecycle: { draining: false },
  };

  // With PostgreSQL, several processes may serve the same database: their events fan out via LISTEN/NOTIFY.
  // Started before the job workers, so that the first job's events reach the other processes too.
  const bridge =
    db.kind === 'postgres'
      ? await startPgBridge({
          bus,
          log: app.log,
          createClient: () => new pg.Client({ connectionString: (db as PostgresDatabase).connectionString }),
          loadDoc: (model, id) => documents.findById(SYSTEM, model, id, { deleted: true }).catch(() => undefined),
        })
      : undefined;

  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const token = bearer ?? (request.routeOptions.config.sessionCookie ? sessionCookieToken(request) : undefined);
    try {
      request.caller = await auth.callerFromToken(token);
    } catch (error) {
      if (!request.routeOptions.config.ignoreInvalidToken) throw error;
      request.caller = ANONYMOUS;
    }
  });

  healthRoutes(app, services);
  schemaRoutes(app, services);
  authRoutes(app, services);
  documentRoutes(app, services);
  await realtimeRoutes(app, services);
  openApiRoutes(app, services);
  await adminRoutes(app, services);
  await fileRoutes(app, services);
  queueRoutes(app, services);
  swarmRoutes(app, services);
  await aiRoutes(app, services);
  await debugRoutes(app, services);
  storyRoutes(app, services);
  await files.start();
  const listed = await pages.start();
  if (listed)
    app.log.info({ versions: listed }, 'page versions took the access lists of the page they were published from');
  await queues.start();
  const site = cmsRoutes(app, services);
  pageEditorRoutes(app, services);
  paymentRoutes(app, services);
  await loggingRoutes(app, services);
  await formRoutes(app, services);
  // Last: every other GET path not under /_ or /api is a page of the public site.
  siteRoutes(app, services, site);

  const maintenance =
    db.kind === 'pglite' && config.dbMaintenanceHours > 0
      ? scheduleMaintenance(db, app.log, config.dbMaintenanceHours * 3_600_000)
      : undefined;

  app.addHook('onClose', async () => {
    maintenance?.stop();
    // Uploads cut by the shutdown end (complete, or their staged bytes removed) while the database is open.
    await files.stop(UPLOAD_SETTLE_MS);
    await queues.stop();
    await bridge?.close();
    if (!options.db) await db.close();
  });
  return Object.assign(app as unknown as FastifyInstance, { services });
}
