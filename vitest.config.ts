import { defineConfig } from 'vitest/config';

// Unit tests sit next to their code; cross-layer tests live in tests/.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/helpers/globalSetup.ts', 'tests/e2e/buildClient.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a page or server does next; its 1 s default is too short on a loaded CI machine.
    expect: { poll: { timeout: 10_000 } },
    // PGlite and Chromium are heavy: two workers match the two cores of the build machine.
    maxWorkers: 2,
  },
});
