import { spawn, type ChildProcess } from 'node:child_process';

/** One process of the real server entry (`src/server/main.ts`, as `npm start` and `npm run worker` run it). */
export interface AppProcess {
  child: ChildProcess;
  /** The port it listens on; 0 for a worker. */
  port: number;
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

const STARTED = /running at http:\/\/localhost:(\d+)|worker is running jobs/;

/**
 * Starts `src/server/main.ts` (with `--worker` for a job-only process) on `env` (DATABASE_URL,
 * DATA_DIR, WORKERS...) on a free port; resolves once it listens, or once the worker runs.
 */
export function startAppProcess(env: Record<string, string>, { worker = false, timeoutMs = 90_000 } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...(worker ? ['--worker'] : [])], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // A process ended by a signal has no exit code: its output says which signal it was.
      if (signal) output += `\n[ended by ${signal}]\n`;
      resolve(code);
    }),
  );
  return new Promise<AppProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const check = () => {
      const match = STARTED.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      const port = Number(match[1] ?? 0);
      resolve({ child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited });
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it started:\n${output}`));
    });
  });
}
