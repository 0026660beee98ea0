import { clearLoginState } from './loginState';

let ending = false;

/**
 * Leaves the admin: forget the login (other tabs follow through the storage event) and start over.
 * Several signals can end a session at once (the logout button, the socket's logout push, a
 * rejected session check): only the first one reloads.
 */
export function endSession(reload: () => void = () => window.location.reload()): void {
  clearLoginState();
  if (ending) return;
  ending = true;
  reload();
}
