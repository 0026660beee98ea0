// A real server in its own process, for the durability test: prints its port, then serves until killed.
import { buildApp } from '../../src/server/app';

const app = await buildApp({
  logger: false,
  config: {
    adminPassword: 'durable-admin-password' /* PROCESS_ADMIN_PASSWORD in serverProcess.ts */,
    host: '127.0.0.1',
  },
});
await app.services.auth.ensureAdmin();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : ''}\n`);
