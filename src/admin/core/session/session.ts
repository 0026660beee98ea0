import type { SessionEndCode } from '../../../shared/api/auth';
import { clearLoginState, saveSessionEnded } from './loginState';

let ending = false;

/**
 * Leaves the admin: forget the login (other tabs follow through the storage event) and start over.
 * Several signals can end a session at once (the logout button, the socket's logout push, a
 * rejected session check): only the first one reloads. `why`, when the server said it (the password was
 * changed), is what the login screen says.
 */
export function endSession(why?: SessionEndCode, reload: () => void = () => window.location.reload()): void {
  // Before the login goes: the other tabs reload on that, and read it.
  if (why) saveSessionEnded(why);
  clearLoginState();
  if (ending) return;
  ending = true;
  reload();
}
