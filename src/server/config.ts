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
  /** Least severe log level written (pino's names: fatal, error, warn, info, debug, trace, silent). */
  logLevel: string;
  /** How log lines look: `json` for log collectors, `pretty` (one short line each) for a person at a terminal. */
  logFormat: 'json' | 'pretty';
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
  /** Where file bytes live: `local` (below DATA_DIR/blobs, the default) or `s3` (an S3-compatible bucket). */
  blobStore: 'local' | 's3';
  /** The bucket when `blobStore` is `s3`. */
  s3?: S3Config;
}

/** An S3-compatible bucket, from the standard AWS variables plus S3_BUCKET and S3_FORCE_PATH_STYLE. */
export interface S3Config {
  /** Endpoint of an S3-compatible service (MinIO, R2, ...); absent: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default credential chain applies (instance roles, ~/.aws). */
  accessKeyId?: string;
  secretAccessKey?: string;
  bucket: string;
  /** `bucket` in the path instead of the host name (most self-hosted stores need this). */
  forcePathStyle: boolean;
}

/** A configuration value that cannot work: the server refuses to start and says which variable to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = (env[name] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['1', 'true', 'yes'].includes(value)) return true;
  throw new ConfigError(`${name} must be true or false (1 or 0), not ${JSON.stringify(env[name])}`);
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variable `name` when it is one of `values`, `fallback` when unset or empty; else a ConfigError naming them. */
function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw))
    throw new ConfigError(`${name} must be one of ${values.join(', ')}, not ${JSON.stringify(raw)}`);
  return raw as T;
}

/**
 * A number from `name`, or `fallback` when it is not set; anything else than a number from `min` up (a whole
 * one with `integer`) is a ConfigError naming the variable: `Number('2 weeks')` would be NaN, and NaN turns a
 * limit off (an upload limit, a rate) or a timer into one that fires at once.
 */
function numberFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  { min = 0, max = Infinity, integer = false, unit }: { min?: number; max?: number; integer?: boolean; unit: string },
): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const value = Number(text);
  if (Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value))) return value;
  const range = max === Infinity ? `from ${min} up` : `from ${min} to ${max}`;
  throw new ConfigError(
    `${name} must be ${integer ? 'a whole number' : 'a number'} (${unit}) ${range}, not ${JSON.stringify(env[name])}`,
  );
}

/** BLOB_STORE and, for `s3`, the bucket's variables; throws a ConfigError naming the variable that is wrong. */
export function blobConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<ServerConfig, 'blobStore' | 's3'> {
  const kind = (env.BLOB_STORE ?? '').trim() || 'local';
  if (kind === 'local') return { blobStore: 'local' };
  if (kind !== 's3') throw new ConfigError(`BLOB_STORE must be local or s3, not ${JSON.stringify(kind)}`);
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  if (endpoint) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol))
      throw new ConfigError(`AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL must be an http(s) URL, not ${endpoint}`);
  }
  const region = env.AWS_REGION?.trim();
  if (!region) throw new ConfigError('BLOB_STORE=s3 needs AWS_REGION (S3-compatible stores usually accept us-east-1)');
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) throw new ConfigError('BLOB_STORE=s3 needs S3_BUCKET, the name of an existing bucket');
  if (!BUCKET.test(bucket))
    throw new ConfigError(`S3_BUCKET ${JSON.stringify(bucket)} is not a bucket name (3-63 of a-z, 0-9, . and -)`);
  const accessKeyId = env.AWS_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError(
      'Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (default credential chain)',
    );
  return {
    blobStore: 's3',
    s3: { endpoint, region, accessKeyId, secretAccessKey, bucket, forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE') },
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: numberFrom(env, 'PORT', 3000, { max: 65_535, integer: true, unit: 'a TCP port' }),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    schemaDirs: (env.SCHEMA_DIRS ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.resolve(dir)),
    sessionTtlMs: numberFrom(env, 'SESSION_TTL_HOURS', 24 * 14, { min: 0.01, unit: 'hours' }) * 3_600_000,
    bodyLimit: numberFrom(env, 'BODY_LIMIT_BYTES', 1_048_576, { min: 1024, integer: true, unit: 'bytes' }),
    fileUploadLimitBytes: numberFrom(env, 'FILE_UPLOAD_LIMIT_BYTES', 100 * 1024 * 1024, {
      min: 1,
      integer: true,
      unit: 'bytes',
    }),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    // A terminal gets readable lines (npm start), anything else (a file, a collector) JSON lines.
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, process.stdout.isTTY ? 'pretty' : 'json'),
    dbMaintenanceHours: numberFrom(env, 'DB_MAINTENANCE_HOURS', 6, { unit: 'hours' }),
    dockerHost: env.DOCKER_HOST || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Baukasten <noreply@localhost>',
    mailTo: env.MAIL_TO || undefined,
    openaiApiKey: env.OPENAI_API_KEY || undefined,
    openaiBaseUrl: env.OPENAI_BASE_URL || undefined,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    openaiTimeoutMs: numberFrom(env, 'OPENAI_TIMEOUT_MS', 30_000, { min: 1, unit: 'milliseconds' }),
    debugEval: env.DEBUG_EVAL === '1',
    debugEvalTimeoutMs: numberFrom(env, 'DEBUG_EVAL_TIMEOUT_MS', 5000, { min: 1, unit: 'milliseconds' }),
    storyUrl: env.STORY_URL || 'http://localhost:5173',
    loggingRatePerMinute: numberFrom(env, 'LOGGING_RATE_PER_MINUTE', 6000, { integer: true, unit: 'frames a minute' }),
    runJobs: env.WORKERS !== '0',
    shutdownTimeoutMs: numberFrom(env, 'SHUTDOWN_TIMEOUT_MS', 25_000, { unit: 'milliseconds' }),
    ...blobConfigFromEnv(env),
  };
}
