import type { LoginState, SessionEndCode, SessionUser } from '../../../shared/api/auth';
import type { Caller } from '../../access/caller';

export interface AuthService {
  /** Creates the session and login-attempt tables when missing. */
  migrate(): Promise<void>;
  /** The caller a bearer token stands for; ANONYMOUS for no token, 401 for an unknown, expired or revoked one. */
  callerFromToken(token: string | undefined): Promise<Caller>;
  login(username: string, password: string, clientAddress: string): Promise<LoginState>;
  logout(token: string): Promise<void>;
  /**
   * Revokes every session of a user (deleted, or a password changed), except `keep` (a session named by its
   * token's SHA-256, `Caller.session`: the one the user changed their own password through). `reason` is
   * what their realtime sockets are told.
   */
  revokeSessions(userId: string, options?: { keep?: string; reason?: SessionEndCode }): Promise<void>;
  /**
   * Does `password` match the stored hash of the user with this login? Failures count against the
   * account's login budget (a stolen session cannot guess the current password faster than a login can);
   * throws 429 when the account is locked.
   */
  confirmPassword(login: string, stored: unknown, password: string): Promise<boolean>;
  /** Argon2id hash of a new password. */
  hashPassword(password: string): Promise<string>;
  /** Creates the `admin` superuser on an empty database; returns the generated password when it made one. */
  ensureAdmin(): Promise<{ created: boolean; password?: string }>;
  /** Role name -> permissions, refreshed when roles change. */
  invalidateRoles(): void;
  /** The public view of the caller's own user document (`GET /api/self`); 401 when anonymous. */
  currentUser(caller: Caller): Promise<SessionUser>;
  /** Forgets cached sessions of a user whose roles changed or who was deleted (takes effect on the next request). */
  invalidateUser(userId: string): void;
}
