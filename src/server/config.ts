import path from 'node:path';

/** Server configuration; every value can come from an environment variable (see README). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its data and the blob store its files. */
  dataDir: string;
  /** node-postgres connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** Password of the `admin` user created on first start; random (printed once) when absent. */
  adminPassword?: string;
  /** Extra schema folders (each with models/, elements/, values/), separated by the path delimiter. */
  schemaDirs: string[];
  /** Session token lifetime. */
  sessionTtlMs: number;
  /** Largest JSON body accepted. */
  bodyLimit: number;
  /** Largest file upload; bigger ones answer 413 while streaming, never buffered whole. */
  fileUploadLimitBytes: number;
  logLevel: string;
  /** PGlite only: hours between VACUUM ANALYZE passes (it has no autovacuum); 0 turns them off. */
  dbMaintenanceHours: number;
  /** Docker Engine in swarm mode for the swarms (`unix:///var/run/docker.sock`, `tcp://host:2375`); none: not configured. */
  dockerHost?: string;
  /** Outgoing mail, nodemailer's URL form (`smtp://user:pass@host:587`); none: mails wait in the queue and fail. */
  smtpUrl?: string;
  /** Sender of every mail. */
  mailFrom: string;
  /** Who receives the business's notifications; default the e-mail of the site's local business. */
  mailTo?: string;
  /** The AI text assistant: any OpenAI-compatible endpoint; without a key the assistant is not configured. */
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  openaiModel: string;
  /** How long an answer of the AI endpoint may take. */
  openaiTimeoutMs: number;
  /** `DEBUG_EVAL=1` turns on the debug terminal (`debug.eval`) for superusers. */
  debugEval: boolean;
  /** A `debug.eval` run is stopped after this long. */
  debugEvalTimeoutMs: number;
  /** The scroll-animation preview of `/_/story` points here. */
  storyUrl: string;
  /** Logging frames one user may upload per minute (`logging/createEntry`); more answer 429. */
  loggingRatePerMinute: number;
  /** `WORKERS=0`: this process serves requests but runs no queued jobs (other processes, e.g. `npm run worker`, do). */
  runJobs: boolean;
  /** On SIGTERM, requests in flight and running jobs get this long to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    schemaDirs: (env.SCHEMA_DIRS ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.resolve(dir)),
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 24 * 14) * 3_600_000,
    bodyLimit: Number(env.BODY_LIMIT_BYTES ?? 1_048_576),
    fileUploadLimitBytes: Number(env.FILE_UPLOAD_LIMIT_BYTES ?? 100 * 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    dbMaintenanceHours: Number(env.DB_MAINTENANCE_HOURS ?? 6),
    dockerHost: env.DOCKER_HOST || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Baukasten <noreply@localhost>',
    mailTo: env.MAIL_TO || undefined,
    openaiApiKey: env.OPENAI_API_KEY || undefined,
    openaiBaseUrl: env.OPENAI_BASE_URL || undefined,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    openaiTimeoutMs: Number(env.OPENAI_TIMEOUT_MS ?? 30_000),
    debugEval: env.DEBUG_EVAL === '1',
    debugEvalTimeoutMs: Number(env.DEBUG_EVAL_TIMEOUT_MS ?? 5000),
    storyUrl: env.STORY_URL || 'http://localhost:5173',
    loggingRatePerMinute: Number(env.LOGGING_RATE_PER_MINUTE ?? 6000),
    runJobs: env.WORKERS !== '0',
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 25_000),
  };
}
