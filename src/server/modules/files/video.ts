import { spawn, spawnSync } from 'node:child_process';
import type { Readable } from 'node:stream';

let available: boolean | undefined;

/** Is ffmpeg on the PATH? Checked once. */
export function hasFfmpeg(): boolean {
  available ??= spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return available;
}

/** A PNG poster frame (at 1 s, or the first frame) of a video, read from `input`. */
export function posterFrame(input: Readable, timeoutMs = 20_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        'pipe:0',
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        'pipe:1',
      ],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
      },
    );
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdin.on('error', () => undefined);
    input.on('error', () => child.kill('SIGKILL'));
    input.pipe(child.stdin);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      input.destroy();
      if (code === 0 && chunks.length > 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg could not read the video (exit ${code})`));
    });
  });
}
