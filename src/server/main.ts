import { buildApp } from './app';
import { seedDemo } from './seed/demo';

/** `npm start`: build the app, make sure there is an admin and demo content, listen. */
const app = await buildApp();
const { config, auth } = app.services;
const admin = await auth.ensureAdmin();
await seedDemo(app.services);
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
const login = admin.password
  ? `Log in at ${url}/_ as "admin" with the password ${admin.password} (shown only this once; set ADMIN_PASSWORD to choose it).`
  : admin.created
    ? `Log in at ${url}/_ as "admin" with the password from ADMIN_PASSWORD.`
    : `Log in at ${url}/_ with your account (the "admin" user was created on the first start).`;
console.log(`\nBaukasten is running at ${url} (database: ${app.services.db.kind}).\n${login}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
