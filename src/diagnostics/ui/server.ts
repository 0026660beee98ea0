import type { LoginRequest, LoginState } from '../../shared/api/auth';
import { LOGGING_URLS, type CreateEntryAnswer, type LoggingFrame } from '../../shared/api/logging';
import { ADMIN_LOGIN_KEY } from '../../shared/rules/constants';
import { UploadError } from '../upload/uploader';

/**
 * The tool's few calls to the server. The login is the admin's (same storage key), so a user logged
 * in to the back office is logged in here, and a login here serves the admin too.
 */
export function loadLogin(): LoginState | null {
  try {
    const state = JSON.parse(localStorage.getItem(ADMIN_LOGIN_KEY) ?? 'null') as LoginState | null;
    return state && typeof state.token === 'string' ? state : null;
  } catch {
    return null;
  }
}

/**
 * Calls back with the login another tab of the browser stored (a login in the back office, or in the tool
 * open in another tab): the `storage` event fires only in the other tabs of the origin. A logout (no login
 * stored) is not passed on: uploads are refused then, and the Logging card asks for a login. Returns the
 * unsubscribe function.
 */
export function onStoredLogin(listener: (login: LoginState) => void): () => void {
  const changed = (event: StorageEvent) => {
    if (event.key !== ADMIN_LOGIN_KEY && event.key !== null) return;
    const login = loadLogin();
    if (login && typeof login.user?._id === 'string') listener(login);
  };
  window.addEventListener('storage', changed);
  return () => window.removeEventListener('storage', changed);
}

export function forgetLogin(): void {
  localStorage.removeItem(ADMIN_LOGIN_KEY);
}

async function call<T>(path: string, init: RequestInit, token?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new UploadError('Network error', 0);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: string; retryAfter?: number; index?: number };
  if (!response.ok)
    throw new UploadError(
      body.error ?? `Failed with status ${response.status}`,
      response.status,
      body.retryAfter,
      body.index,
    );
  return body as T;
}

export async function logIn(request: LoginRequest): Promise<LoginState> {
  const state = await call<LoginState>('/api/login', { method: 'POST', body: JSON.stringify(request) });
  localStorage.setItem(ADMIN_LOGIN_KEY, JSON.stringify(state));
  return state;
}

/** Whether the stored token is still valid (a revoked or expired one answers 401). */
export async function checkLogin(token: string): Promise<boolean> {
  try {
    await call('/api/self', { method: 'GET' }, token);
    return true;
  } catch (error) {
    return !(error instanceof UploadError && error.status === 401);
  }
}

/**
 * Uploads with the login stored now if it is the same user's, else the one the tool started with: a
 * login renewed after the old one ended (here or in the back office, which shares it) carries the
 * waiting frames on, and another user logged in meanwhile never uploads them as theirs.
 */
export const postFrames = (login: LoginState) => async (frames: LoggingFrame[]) => {
  const stored = loadLogin();
  await call<CreateEntryAnswer>(
    LOGGING_URLS.createEntry,
    { method: 'POST', body: JSON.stringify({ frames }) },
    stored?.user?._id === login.user._id ? stored.token : login.token,
  );
};
