import { buildApp } from './app';
import { ConfigError, configFromEnv } from './config';
import { shutDown, trackConnections, type ConnectionTracker } from './shutdown';
import { prepareStart } from './startup';

/**
 * `npm start`: build the app, make sure there is an admin and demo content, listen.
 * `npm run worker` (`--worker`): a process that runs queued jobs only and listens on no port.
 */
const worker = process.argv.includes('--worker');
// A setting that cannot work stops the start with its message (naming the variable), not a stack trace.
process.on('uncaughtException', (error) => {
  console.error(error instanceof ConfigError ? `Configuration: ${error.message}` : error);
  process.exit(1);
});
if (worker && !configFromEnv().databaseUrl) {
  console.error('npm run worker needs PostgreSQL (DATABASE_URL): PGlite is used by one process only.');
  process.exit(1);
}

// SIGINT and SIGTERM are caught from the start: the worker's jobs start while the app is being built,
// and a stop then must not kill them half-done. Until the app is ready a stop waits for it (a second
// one ends the start at once).
let stopSignal: NodeJS.Signals | undefined;
let stop: ((signal: NodeJS.Signals) => void) | undefined = undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopSignal) {
      if (!stop) process.exit(1);
      return;
    }
    stopSignal = signal;
    stop?.(signal);
  });
}

let admin: { created: boolean; password?: string } | undefined;
const app = await buildApp({
  config: worker ? { runJobs: true } : {},
  async prepare(services) {
    admin = await prepareStart(services, { worker });
  },
});
const { config } = app.services;

let connections: ConnectionTracker | undefined;
if (worker) {
  console.log(`\nBaukasten worker is running jobs (database: ${app.services.db.kind}).\n`);
} else {
  connections = trackConnections(app.server);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const login = admin?.password
    ? `Log in at ${url}/_ as "admin" with the password ${admin.password} (shown only this once; set ADMIN_PASSWORD to choose it).`
    : admin?.created
      ? `Log in at ${url}/_ as "admin" with the password from ADMIN_PASSWORD.`
      : `Log in at ${url}/_ with your account (the "admin" user was created on the first start).`;
  const jobs = config.runJobs ? '' : ', no jobs (WORKERS=0)';
  console.log(`\nBaukasten is running at ${url} (database: ${app.services.db.kind}${jobs}).\n${login}\n`);
}

// From here a stop shuts down gracefully; one asked for while the app started (above) starts now.
stop = (signal) => {
  app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
  shutDown(app, { timeoutMs: config.shutdownTimeoutMs, connections }).then(
    (clean) => process.exit(clean ? 0 : 1),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
};
if (stopSignal) stop(stopSignal);
