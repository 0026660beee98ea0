import { HttpError } from '../../errors';

/**
 * Bounds concurrent heavy work (sharp): `concurrency` run, `queue` wait, the rest are refused at
 * once with 503 and Retry-After, so a flood of preview requests cannot pile up memory.
 */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(concurrency: number, queue: number, retryAfterSeconds = 2): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) {
      active++;
      next();
    }
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run(task) {
      if (active >= concurrency) {
        if (waiting.length >= queue)
          throw new HttpError(503, 'Too many image requests at once; try again shortly', {
            retryAfter: retryAfterSeconds,
          });
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
