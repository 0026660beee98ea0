import { ADMIN_LOGIN_KEY as LOGIN_KEY, ADMIN_MODULE_KEY as MODULE_KEY } from '../../../shared/rules/constants';
import { SESSION_END_MESSAGES, type SessionEndCode } from '../../../shared/api/auth';
import type { LoginState } from '../data/types';

/** Browser storage keys. localStorage is shared by every tab of the origin, so one login serves them all. */
export { ADMIN_LOGIN_KEY as LOGIN_KEY, ADMIN_MODULE_KEY as MODULE_KEY } from '../../../shared/rules/constants';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function parseLoginState(raw: string | null | undefined): LoginState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LoginState>;
    return typeof value.token === 'string' && value.user && typeof value.user.login === 'string'
      ? (value as LoginState)
      : null;
  } catch {
    return null;
  }
}

export function loadLoginState(): LoginState | null {
  return parseLoginState(storage()?.getItem(LOGIN_KEY));
}

export function saveLoginState(state: LoginState): void {
  storage()?.setItem(LOGIN_KEY, JSON.stringify(state));
  storage()?.removeItem(NOTICE_KEY);
}

/**
 * Why the server ended the session, for the login screen to say until the next login. In localStorage: the
 * tabs of the browser follow the first that hears it (through the storage event) and reload before their own
 * socket may tell them.
 */
const NOTICE_KEY = 'baukasten.admin.sessionEnded';

export function saveSessionEnded(code: SessionEndCode): void {
  storage()?.setItem(NOTICE_KEY, code);
}

/** The message for the login screen, when the last session ended for a reason worth saying. */
export function sessionEndedMessage(): string | null {
  const code = storage()?.getItem(NOTICE_KEY);
  return code && Object.hasOwn(SESSION_END_MESSAGES, code) ? SESSION_END_MESSAGES[code as SessionEndCode] : null;
}

/** Logout: forget the login and the module selection. */
export function clearLoginState(): void {
  storage()?.removeItem(LOGIN_KEY);
  storage()?.removeItem(MODULE_KEY);
}

export function loadModule(): string | null {
  return storage()?.getItem(MODULE_KEY) ?? null;
}

export function saveModule(module: string | null): void {
  if (module) storage()?.setItem(MODULE_KEY, module);
  else storage()?.removeItem(MODULE_KEY);
}

/**
 * Calls back when another tab logs in, logs out or switches user (the `storage` event fires only in
 * the other tabs of the origin). Returns the unsubscribe function.
 */
export function onLoginStateChange(callback: (state: LoginState | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== LOGIN_KEY && event.key !== null) return;
    const before = parseLoginState(event.oldValue)?.token;
    const after = loadLoginState();
    if (event.key === null || before !== after?.token) callback(after);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
