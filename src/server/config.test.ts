import { describe, expect, it } from 'vitest';
import { blobConfigFromEnv, ConfigError, configFromEnv } from './config';

const s3Env = {
  BLOB_STORE: 's3',
  AWS_REGION: 'eu-central-1',
  S3_BUCKET: 'baukasten-files',
  AWS_ACCESS_KEY_ID: 'key',
  AWS_SECRET_ACCESS_KEY: 'secret',
};

describe('blobConfigFromEnv', () => {
  it('keeps local disk as the default', () => {
    expect(blobConfigFromEnv({})).toEqual({ blobStore: 'local' });
    expect(blobConfigFromEnv({ BLOB_STORE: 'local', S3_BUCKET: 'ignored' })).toEqual({ blobStore: 'local' });
  });

  it('reads the standard AWS variables plus S3_BUCKET and S3_FORCE_PATH_STYLE', () => {
    expect(blobConfigFromEnv(s3Env)).toEqual({
      blobStore: 's3',
      s3: {
        endpoint: undefined,
        region: 'eu-central-1',
        bucket: 'baukasten-files',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
    });
    const custom = blobConfigFromEnv({
      ...s3Env,
      AWS_ENDPOINT_URL: 'http://generic:9000',
      AWS_ENDPOINT_URL_S3: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    // The service-specific endpoint wins over the generic one, as in the AWS SDKs.
    expect(custom.s3).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(blobConfigFromEnv({ ...s3Env, AWS_ENDPOINT_URL: 'http://generic:9000' }).s3?.endpoint).toBe(
      'http://generic:9000',
    );
    const chain = blobConfigFromEnv({ ...s3Env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' });
    expect(chain.s3).toMatchObject({ accessKeyId: undefined, secretAccessKey: undefined });
  });

  it.each([
    [{ BLOB_STORE: 'S3' }, /BLOB_STORE must be local or s3/],
    [{ ...s3Env, AWS_REGION: '' }, /needs AWS_REGION/],
    [{ ...s3Env, S3_BUCKET: undefined }, /needs S3_BUCKET/],
    [{ ...s3Env, S3_BUCKET: 'ab' }, /not a bucket name/],
    [{ ...s3Env, S3_BUCKET: 'Files_2024' }, /not a bucket name/],
    [{ ...s3Env, AWS_SECRET_ACCESS_KEY: '' }, /both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/],
    [{ ...s3Env, AWS_ENDPOINT_URL_S3: 'minio:9000' }, /must be an http\(s\) URL/],
    [{ ...s3Env, S3_FORCE_PATH_STYLE: 'sometimes' }, /S3_FORCE_PATH_STYLE must be true or false/],
  ])('refuses to start with a clear message: %j', (env, message) => {
    expect(() => blobConfigFromEnv(env)).toThrow(ConfigError);
    expect(() => blobConfigFromEnv(env)).toThrow(message);
  });
});

describe('configFromEnv', () => {
  it('takes the numbers as given, and the defaults for unset or empty ones', () => {
    const config = configFromEnv({
      PORT: '8080',
      SESSION_TTL_HOURS: '12',
      FILE_UPLOAD_LIMIT_BYTES: '',
      DB_MAINTENANCE_HOURS: '0',
    });
    expect(config).toMatchObject({ port: 8080, sessionTtlMs: 12 * 3_600_000, dbMaintenanceHours: 0 });
    expect(config.fileUploadLimitBytes).toBe(100 * 1024 * 1024);
  });

  // NaN would turn a limit off (uploads of any size, no rate) or make a timer fire at once.
  it.each([
    [
      { FILE_UPLOAD_LIMIT_BYTES: '100MB' },
      'FILE_UPLOAD_LIMIT_BYTES must be a whole number (bytes) from 1 up, not "100MB"',
    ],
    [{ SESSION_TTL_HOURS: 'two weeks' }, 'SESSION_TTL_HOURS must be a number (hours) from 0.01 up, not "two weeks"'],
    [{ DB_MAINTENANCE_HOURS: '-1' }, 'DB_MAINTENANCE_HOURS must be a number (hours) from 0 up, not "-1"'],
    [{ PORT: '3000.5' }, 'PORT must be a whole number (a TCP port) from 0 to 65535, not "3000.5"'],
    [{ LOGGING_RATE_PER_MINUTE: 'many' }, /LOGGING_RATE_PER_MINUTE must be a whole number/],
  ])('refuses a value that is no number with a clear message: %j', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(ConfigError);
    expect(() => configFromEnv(env)).toThrow(message);
  });

  it('takes the log level and format by name, and names the allowed ones for anything else', () => {
    expect(configFromEnv({ LOG_LEVEL: 'warn', LOG_FORMAT: 'pretty' })).toMatchObject({
      logLevel: 'warn',
      logFormat: 'pretty',
    });
    expect(configFromEnv({ LOG_LEVEL: '', LOG_FORMAT: 'json' })).toMatchObject({ logLevel: 'info', logFormat: 'json' });
    expect(() => configFromEnv({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
    );
    expect(() => configFromEnv({ LOG_FORMAT: 'text' })).toThrow('LOG_FORMAT must be one of json, pretty, not "text"');
  });
});
