#!/usr/bin/env node
// npm start: build what is needed, then run the server (PORT, DATA_DIR, DATABASE_URL... see README).
// npm run worker (`--worker`): the same, as a process that runs queued jobs only.
import { spawnSync, spawn } from 'node:child_process';

const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// React's production build renders the site and the admin on the server.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
