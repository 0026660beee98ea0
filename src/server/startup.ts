import { ConfigError } from './config';
import { HttpError } from './errors';
import { logStoredElementWarnings } from './modules/pages/storedElementCheck';
import { seedDemo } from './seed/demo';
import type { Services } from './services';

/**
 * A start's one-off work, run under the startup lock (`buildApp`'s `prepare`): the first admin, the demo
 * content, then the check of the stored pages and layouts (after the demo content, which it covers too).
 * A worker (`npm run worker`) does none of it: it serves nobody, and the app processes starting with it
 * do it; so a deploy of app processes and workers logs the stored elements' warnings once per app process.
 */
export async function prepareStart(
  services: Services,
  { worker }: { worker: boolean },
): Promise<Awaited<ReturnType<Services['auth']['ensureAdmin']>> | undefined> {
  if (worker) return undefined;
  const admin = await services.auth.ensureAdmin().catch((error: unknown) => {
    // The admin's password is checked like any user's (the user schema's rules).
    if (error instanceof HttpError && error.status === 400)
      throw new ConfigError(`ADMIN_PASSWORD is not accepted (${error.message})`);
    throw error;
  });
  await seedDemo(services);
  await logStoredElementWarnings(services);
  return admin;
}
