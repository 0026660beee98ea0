import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggingFrame } from '../../shared/api/logging';
import { FrameUploader, UploadError } from './uploader';

const frame = (n: number) => ({ timestamp: new Date(n).toISOString(), vin: 'WVWZZZAUZKW123456', data: { n } });

afterEach(() => vi.useRealTimers());

describe('FrameUploader', () => {
  it('sends one request at a time and batches what arrives meanwhile', async () => {
    const batches: LoggingFrame[][] = [];
    let release!: () => void;
    const uploader = new FrameUploader(async (frames) => {
      batches.push(frames);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    uploader.add(frame(1));
    for (let n = 2; n <= 6; n++) uploader.add(frame(n));
    expect(batches).toHaveLength(1);
    release();
    await uploader.flush();
    expect(batches.map((batch) => batch.length)).toEqual([1, 5]);
    expect(uploader.state).toMatchObject({ sent: 6, queued: 0 });
  });

  it('keeps a failed batch and sends it again with the same frame ids; logs the error only', async () => {
    vi.useFakeTimers();
    const seen: string[][] = [];
    const log = vi.fn();
    let fail = 2;
    const uploader = new FrameUploader(
      async (frames) => {
        seen.push(frames.map((f) => f.frameId!));
        if (fail-- > 0) throw new UploadError('Network error', 0);
      },
      { log },
    );
    uploader.add(frame(1));
    uploader.add(frame(2));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)).toEqual(expect.arrayContaining(seen[0]));
    expect(new Set(seen.flat()).size).toBe(2);
    expect(uploader.state).toMatchObject({ sent: 2, queued: 0, failures: 2 });
  });

  it('drops a batch the server refuses as invalid (400) and goes on', async () => {
    let calls = 0;
    const uploader = new FrameUploader(
      async () => {
        if (calls++ === 0) throw new UploadError('data.n: must be number', 400);
      },
      { log: () => {} },
    );
    uploader.add(frame(1));
    await Promise.resolve();
    uploader.add(frame(2));
    await uploader.flush();
    expect(uploader.state).toMatchObject({ sent: 1, queued: 0, failures: 1 });
  });

  it('drops only the frame a 400 or 409 names, sends the rest of its batch again at once, and says why', async () => {
    const batches: number[][] = [];
    const errors: (string | undefined)[] = [];
    let release!: () => void;
    const uploader: FrameUploader = new FrameUploader(
      async (frames) => {
        batches.push(frames.map((f) => f.data.n));
        errors.push(uploader.state.error?.message);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        const bad = frames.findIndex((f) => f.data.n === 3);
        if (bad >= 0) throw new UploadError(`frames[${bad}]: data.n: must be a number`, 400, undefined, bad);
        const stored = frames.findIndex((f) => f.data.n === 5);
        if (stored >= 0) throw new UploadError(`frames[${stored}]: frameId already exists`, 409, undefined, stored);
      },
      { log: () => {} },
    );
    uploader.add(frame(1));
    for (let n = 2; n <= 6; n++) uploader.add(frame(n));
    release();
    await uploader.flush();
    expect(batches).toEqual([[1], [2, 3, 4, 5, 6], [2, 4, 5, 6], [2, 4, 6]]);
    expect(errors).toEqual([
      undefined,
      undefined,
      'frames[1]: data.n: must be a number',
      'frames[2]: frameId already exists',
    ]);
    // The refused frames went, every other one was stored; the error is gone with the next success.
    expect(uploader.state).toMatchObject({ sent: 4, queued: 0, failures: 2 });
    expect(uploader.state.error).toBeUndefined();
  });

  it('waits as long as a 429 says', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const uploader = new FrameUploader(
      async () => {
        if (calls++ === 0) throw new UploadError('Too many logging frames', 429, 30);
      },
      { log: () => {} },
    );
    uploader.add(frame(1));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls).toBe(2);
  });
});
