/**
 * `navigator.locks.request` as the upload uses it (Web Locks): `callback` runs while this tab holds the
 * exclusive lock `name` and the lock is released when its promise settles, or when the tab closes. Requests
 * wait in line; with `ifAvailable` the callback gets `null` at once when another tab holds the lock, and
 * `signal` gives up waiting. Injected, so that tests can stand for several tabs of one browser.
 */
export type RequestLock = (
  name: string,
  options: { ifAvailable?: boolean; signal?: AbortSignal },
  callback: (lock: unknown) => Promise<void>,
) => Promise<void>;

/** The browser's Web Locks; undefined where it has none (older browsers, jsdom). */
export function browserLocks(): RequestLock | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return undefined;
  return async (name, options, callback) => {
    await locks.request(name, options, callback);
  };
}

/**
 * Holds the lock `name` until the returned function is called (or the tab closes): `held` runs when it is
 * granted, at once when it is free. When another tab holds it, `busy` runs first and the request waits in
 * line until that tab lets go. `held` gets a signal that is aborted when this tab lets go.
 */
export function holdLock(
  request: RequestLock,
  name: string,
  on: { held: (letGo: AbortSignal) => void; busy: () => void; failed: (error: unknown) => void },
): () => void {
  const gone = new AbortController();
  const hold = () =>
    new Promise<void>((release) => {
      if (gone.signal.aborted) return release();
      gone.signal.addEventListener('abort', () => release());
      on.held(gone.signal);
    });
  let busy = false;
  request(name, { ifAvailable: true }, async (lock) => {
    if (lock) await hold();
    else busy = true;
  })
    .then(() => {
      if (!busy || gone.signal.aborted) return;
      on.busy();
      return request(name, { signal: gone.signal }, hold);
    })
    .catch((error: unknown) => {
      if (!gone.signal.aborted) on.failed(error);
    });
  return () => gone.abort();
}
