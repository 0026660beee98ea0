/**
 * `npm run bench:files [-- --quick]`: uploads 200 images of about 2 MB (20 with --quick) to a real
 * server in its own process, which generates every image preset through its job queue; compares the
 * time until the last preset is stored with a bare sharp script doing the same resizes (the floor,
 * same concurrency), and samples the server's memory during the run. Not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { IMAGE_PRESET_NAMES } from '../../src/shared/media/presets';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, server: { type: 'boolean', default: false } },
});
const IMAGES = values.quick ? 20 : 200;
const DISTINCT = values.quick ? 5 : 20;
const UPLOAD_CONCURRENCY = 4;
// The preset worker runs two jobs at once (files/operations.ts): the floor uses the same.
const JOB_CONCURRENCY = 2;
const TARGET = 1.3;
const PASSWORD = 'bench-files-password';

if (values.server) await serve();
else await main();

/** Child mode: the real app on DATA_DIR; reports pending jobs and memory four times a second. */
async function serve(): Promise<void> {
  const { buildApp } = await import('../../src/server/app');
  const app = await buildApp({ logger: false, config: { adminPassword: PASSWORD, host: '127.0.0.1' } });
  await app.services.auth.ensureAdmin();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : ''}\n`);
  setInterval(async () => {
    const pending = await app.services.queues.pending('imagePresets');
    process.stdout.write(`STATE ${pending} ${process.memoryUsage().rss}\n`);
  }, 250);
}

async function images(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < DISTINCT; i++) {
    // Noise over a gradient compresses badly: about 2 MB as a JPEG of 2400 x 1600.
    const width = 2400;
    const height = 1600;
    const raw = Buffer.alloc(width * height * 3);
    for (let p = 0; p < raw.length; p++) raw[p] = ((p / 3) % width) / 10 + i * 7 + ((Math.random() * 90) | 0);
    const file = path.join(dir, `image-${i}.jpg`);
    await writeFile(
      file,
      await sharp(raw, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
    files.push(file);
  }
  return Array.from({ length: IMAGES }, (_, i) => files[i % DISTINCT]);
}

/** The floor: the same renderings of the same files by sharp alone, with the same concurrency. */
async function floor(sources: string[], outDir: string): Promise<number> {
  const { renderPreset } = await import('../../src/server/modules/files/images');
  await mkdir(outDir, { recursive: true });
  const tasks = sources.flatMap((file, i) =>
    IMAGE_PRESET_NAMES.map((preset) => ({ file, preset, out: path.join(outDir, `${i}-${preset}`) })),
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOB_CONCURRENCY }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        await writeFile(task.out, await renderPreset(task.file, task.preset));
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'baukasten-bench-files-'));
  try {
    console.log(`Generating ${DISTINCT} distinct images of about 2 MB ...`);
    const sources = await images(path.join(dir, 'sources'));
    const sizes = await Promise.all([...new Set(sources)].map(async (file) => (await readFile(file)).length));
    console.log(`  average ${(sizes.reduce((a, b) => a + b, 0) / sizes.length / 1048576).toFixed(2)} MB`);

    console.log(`Floor: sharp alone, ${IMAGES} images x ${IMAGE_PRESET_NAMES.length} presets ...`);
    const floorSeconds = await floor(sources, path.join(dir, 'floor'));
    console.log(`  ${floorSeconds.toFixed(1)} s`);

    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/files.ts', '--server'], {
      env: { ...process.env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'error', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const samples: { at: number; rss: number; pending: number }[] = [];
    const port = await new Promise<number>((resolve, reject) => {
      let buffered = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          const [kind, a, b] = line.split(' ');
          if (kind === 'PORT') resolve(Number(a));
          if (kind === 'STATE') samples.push({ at: performance.now(), pending: Number(a), rss: Number(b) });
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      console.log(`Server: uploading ${IMAGES} images (${UPLOAD_CONCURRENCY} at a time), presets by the job queue ...`);
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
          while (next < sources.length) {
            const i = next++;
            const response = await fetch(`${base}/api/files/upload?name=bench-${i}.jpg`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
              body: new Uint8Array(await readFile(sources[i])),
            });
            if (response.status !== 200) throw new Error(`upload ${i}: ${response.status} ${await response.text()}`);
          }
        }),
      );
      const uploaded = performance.now();
      // Done when the queue reports nothing pending after the uploads.
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const last = samples[samples.length - 1];
        if (last && last.at > uploaded && last.pending === 0) break;
      }
      const done = samples[samples.length - 1].at;
      const uploadSeconds = (uploaded - started) / 1000;
      const totalSeconds = (done - started) / 1000;
      const during = samples.filter((s) => s.at >= started);
      const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
      const quarter = (q: number) => during[Math.min(during.length - 1, Math.floor((during.length - 1) * q))]?.rss ?? 0;
      const ratio = totalSeconds / floorSeconds;
      console.log(`  uploads: ${uploadSeconds.toFixed(1)} s, ${(IMAGES / uploadSeconds).toFixed(1)} images/s`);
      console.log(
        `  all ${IMAGES * IMAGE_PRESET_NAMES.length} presets stored after ${totalSeconds.toFixed(1)} s: ${(IMAGES / totalSeconds).toFixed(2)} images/s end to end`,
      );
      console.log(
        `  server RSS at 0/25/50/75/100 %: ${[0, 0.25, 0.5, 0.75, 1].map((q) => mb(quarter(q))).join(' / ')}; peak ${mb(Math.max(...during.map((s) => s.rss)))}`,
      );
      console.log(
        `\nPreset time vs the sharp floor: ${ratio.toFixed(2)}x (target <= ${TARGET}x) ${ratio <= TARGET ? 'OK' : 'OVER'}`,
      );
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
