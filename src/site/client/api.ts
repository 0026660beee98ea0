import { ADMIN_LOGIN_KEY } from '../../shared/rules/constants';
import type { SiteContextValue } from '../context';
import type { PageAnswer } from '../../shared/api/cms';
import { errorMessage, type ErrorBody } from '../../shared/api/errors';
import { SubmitError } from '../ui/submitError';

/** The admin's token, so that logged-in staff also see pages that are not public. */
export function storedToken(): string | undefined {
  try {
    const token = (JSON.parse(localStorage.getItem(ADMIN_LOGIN_KEY) ?? 'null') as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

async function failure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    const error = errorMessage(body);
    if (error) return new SubmitError(error, Array.isArray(body.fields) ? body.fields : []);
  } catch {
    // not JSON
  }
  return new Error(text || `${response.status} ${response.statusText}`);
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
}

/** Public submissions (spec section 7); each rejects with the server's error message. */
export const siteApi: SiteContextValue['api'] = {
  submitForm: (name, data) => post('/api/formData', { name, data }),
  contact: (body) => post('/api/cms/contact', body),
  event: (data) => post('/api/event', data),
};

/**
 * GET /api/cms/page: the page (with layout and linked paths), the redirect, or null for 'not found';
 * as the staff member logged in, if any, unless `guest` (what the server renders).
 */
export async function fetchPage(path: string, { guest = false } = {}): Promise<PageAnswer | null> {
  const token = guest ? undefined : storedToken();
  const response = await fetch(`/api/cms/page?${new URLSearchParams({ path })}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw await failure(response);
  return (await response.json()) as PageAnswer;
}
