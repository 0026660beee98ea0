import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/server/config';

export const S3_BUCKET = 'baukasten-test';

/** A local S3-compatible server (s3rver) on a random port, its data in a temporary folder. */
export async function startS3Server(bucket = S3_BUCKET) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bk-s3-'));
  let server: S3rver | undefined;
  let port = 0;

  async function start(): Promise<void> {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  }

  /** Stops answering (open keep-alive connections too), keeping the data for a restart on the same port. */
  async function stop(): Promise<void> {
    const running = server;
    server = undefined;
    if (!running) return;
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await closed;
  }

  await start();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    bucket,
    forcePathStyle: true,
  };
  return {
    config,
    directory,
    /** The same settings as environment variables (for scripts run as child processes). */
    env: {
      BLOB_STORE: 's3',
      AWS_ENDPOINT_URL_S3: config.endpoint,
      AWS_REGION: config.region,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
