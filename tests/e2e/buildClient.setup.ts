// Vitest global setup: the browser tests need the built admin; build it once per run, reusing dist/client when it is fresh.
export default async function setup(): Promise<void> {
  const { buildClient } = (await import('../../scripts/build-client.mjs')) as {
    buildClient(options: { ifStale: boolean }): Promise<boolean>;
  };
  await buildClient({ ifStale: true });
}
