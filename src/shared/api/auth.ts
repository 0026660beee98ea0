import type { User } from '../generated/types';

/**
 * What a user may show of themselves (`GET /api/self`, the login answer): the user document without
 * its password hash or anything else the response schema leaves out.
 */
export type SessionUser = Pick<User, 'login' | 'email' | 'firstName' | 'lastName' | 'avatar'> & {
  _id: string;
  roles: string[];
};

/** `POST /api/login` answers the login state of spec section 4; the admin keeps it in browser storage. */
export interface LoginState {
  token: string;
  user: SessionUser;
}

/** `POST /api/login` */
export interface LoginRequest {
  username: string;
  password: string;
}

/** `GET /api/admin/session`: the permissions the caller holds (the admin hides what the server would refuse). */
export interface AdminSession {
  permissions: string[];
}

/**
 * Why the server ended a session, when it is more than an expired or revoked one: the user's password was
 * changed (through another session of theirs, or by an admin). The realtime `logout` push carries it, and the
 * login screen says it.
 */
export type SessionEndCode = 'password-changed';

export const SESSION_END_MESSAGES: Record<SessionEndCode, string> = {
  'password-changed': 'Your password was changed. Please sign in with the new one.',
};
