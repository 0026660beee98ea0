// Vitest global setup: the browser tests need the built admin; build it once per run, reusing dist/client when it is
// fresh. A build that warns fails the run (what npm start would print to every user).
export default async function setup(): Promise<void> {
  const { buildClient } = await import('../../scripts/build-client.mjs');
  await buildClient({ ifStale: true, strict: true });
}
