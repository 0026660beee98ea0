import { Readable } from 'node:stream';
import { durationHours } from '../../shared/rules/trackedTime';
import { SYSTEM } from '../access/caller';
import { randomPassword } from '../modules/auth/passwords';
import { versionLists } from '../modules/pages/operations';
import type { Services } from '../services';
import {
  DEMO_CLIENTS,
  DEMO_FORM_DATA,
  DEMO_MAIL_TEMPLATES,
  DEMO_REDIRECTS,
  DEMO_CONFIGS,
  DEMO_ROLES,
  DEMO_SITE_CONFIG,
  DEMO_USERS,
  demoContactRequests,
  demoInvoices,
  demoOffers,
  demoTrackedTimes,
  demoTransactions,
  paymentTransaction,
  type DemoIds,
} from './demoData';
import { DEMO_IMAGES, renderDemoImage } from './images';
import { seedDemoSite, type DemoImage } from './pages';

export interface DemoOptions {
  now?: number;
  /**
   * With DEMO_USERS_PASSWORD set (to anything), the demo users get the password `demo-<login>`;
   * without it a random one nobody learns: they cannot log in until an admin sets one.
   */
  env?: Record<string, string | undefined>;
}

export interface DemoResult {
  /** False when the database already had clients or pages: nothing was written. */
  seeded: boolean;
  counts: Record<string, number>;
}

type Documents = Services['documents'];

/** Models whose documents mean "this installation is in use": the demo never touches it then. */
const IN_USE_MODELS = ['client', 'page', 'pageDraft'];

async function hasAny(documents: Documents, model: string): Promise<boolean> {
  return (await documents.find(SYSTEM, model, { limit: 1, deleted: true })).results.length > 0;
}

async function findOne(
  documents: Documents,
  model: string,
  query: Record<string, unknown>,
): Promise<string | undefined> {
  return (await documents.find(SYSTEM, model, { query, limit: 1 })).results[0]?._id;
}

/**
 * Demo content for a fresh installation (spec: a consulting business in Basel), written through
 * the document service so validation, computed totals, sequences and events apply. Runs only on a
 * database without clients and pages, so calling it on every start is safe.
 */
export async function seedDemo(
  services: Pick<Services, 'documents' | 'log'> & Partial<Pick<Services, 'files'>>,
  options: DemoOptions = {},
): Promise<DemoResult> {
  const { documents } = services;
  const now = options.now ?? Date.now();
  const env = options.env ?? process.env;
  for (const model of IN_USE_MODELS) if (await hasAny(documents, model)) return { seeded: false, counts: {} };

  const counts: Record<string, number> = {};
  const save = async (model: string, doc: Record<string, unknown>): Promise<string> => {
    const saved = await documents.save(SYSTEM, model, doc);
    counts[model] = (counts[model] ?? 0) + 1;
    return saved._id;
  };
  const saveAll = async (model: string, docs: Record<string, unknown>[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const doc of docs) ids.push(await save(model, doc));
    return ids;
  };

  // admin and superuser usually exist already (ensureAdmin); roles are unique by name.
  for (const role of DEMO_ROLES) if (!(await findOne(documents, 'role', { name: role.name }))) await save('role', role);
  const userIds: Record<string, string> = {};
  for (const user of DEMO_USERS) {
    // Every user needs a password; without DEMO_USERS_PASSWORD none that anybody knows.
    const password = env.DEMO_USERS_PASSWORD ? `demo-${user.login}` : randomPassword();
    userIds[user.login] =
      (await findOne(documents, 'user', { login: user.login })) ?? (await save('user', { ...user, password }));
  }

  const admin = await findOne(documents, 'user', { login: 'admin' });
  const ids: DemoIds = {
    clients: await saveAll('client', DEMO_CLIENTS),
    anna: userIds.anna,
    marco: userIds.marco,
    ...(admin ? { admin } : {}),
  };
  const payment = await save('transaction', paymentTransaction(now, ids));
  const [paid] = await saveAll('invoice', demoInvoices(now, ids, payment));
  // Both sides of the link, as the bank import sets them: the payment names the invoice it paid.
  await documents.save(SYSTEM, 'transaction', { _id: payment, invoice: paid });
  await saveAll('offer', demoOffers(now, ids));
  await saveAll('transaction', demoTransactions(now, ids));
  await saveAll('redirect', DEMO_REDIRECTS);
  await save('swarm', { name: 'Produktion Basel', services: await saveAll('config', DEMO_CONFIGS) });
  await saveAll('mailTemplate', DEMO_MAIL_TEMPLATES);
  await saveAll('contactRequest', demoContactRequests(now));
  await saveAll('formData', DEMO_FORM_DATA);
  // The server owns `duration` (read-only); the system caller may set it.
  const times = demoTrackedTimes(now, ids).map((entry) => ({
    ...entry,
    duration: durationHours(String(entry.start), String(entry.end)),
  }));
  await saveAll('trackedTime', times);
  if (!(await hasAny(documents, 'siteConfig'))) await save('siteConfig', DEMO_SITE_CONFIG);
  // The public website: home, /Termin and /Impressum with a shared layout (navigation and footer).
  const site = await seedDemoSite(save, await demoImages(services));
  // Every page starts with its draft (same _id, same content): the page editor lists and edits drafts.
  // And with the version a publish would have kept, so its history shows the state Restore goes back
  // to (published by nobody: the demo was seeded, not published by a user).
  for (const id of [site.home, site.termin, site.impressum]) {
    const page = await documents.findById(SYSTEM, 'page', id);
    const { _id, _createdAt, _updatedAt, _version, ...content } = page;
    void [_id, _createdAt, _version];
    await documents.save(SYSTEM, 'pageDraft', content, { createWithId: id });
    counts.pageDraft = (counts.pageDraft ?? 0) + 1;
    await documents.save(SYSTEM, 'pageVersion', { page: id, publishedAt: _updatedAt, content, ...versionLists(page) });
    counts.pageVersion = (counts.pageVersion ?? 0) + 1;
  }

  services.log.info({ counts }, 'Demo data created');
  return { seeded: true, counts };
}

/** The demo site's gallery images, uploaded into the file store (none when there is no file store). */
async function demoImages(services: Partial<Pick<Services, 'files' | 'log'>>): Promise<DemoImage[]> {
  if (!services.files) return [];
  const images: DemoImage[] = [];
  try {
    for (const image of DEMO_IMAGES) {
      const bytes = await renderDemoImage(image.svg);
      const saved = await services.files.upload(SYSTEM, {
        name: image.name,
        contentType: 'image/jpeg',
        contentLength: bytes.length,
        body: Readable.from([bytes]),
      });
      images.push({ file: saved._id, alt: image.alt });
    }
  } catch (error) {
    services.log?.warn({ err: error }, 'Demo images not created');
  }
  return images;
}
