import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginState } from '../../shared/api/auth';
import { ADMIN_LOGIN_KEY } from '../../shared/rules/constants';
import { postFrames } from './server';

const login = (id: string, token: string): LoginState => ({
  token,
  user: { _id: id, login: id, roles: [] } as unknown as LoginState['user'],
});

afterEach(() => vi.unstubAllGlobals());

describe('postFrames', () => {
  it("uploads with the stored login only while it is the same user's: another user's login never carries them", async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    const tokens: (string | undefined)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        tokens.push((init.headers as Record<string, string>).authorization);
        return new Response(JSON.stringify({ stored: 1 }), { status: 200 });
      }),
    );
    const post = postFrames(login('anna-id', 'anna-1'));
    const frames = [{ timestamp: new Date(0).toISOString(), vin: 'WVWZZZAUZKW123456', data: {} }];
    await post(frames);
    // Anna logged in again (here or in the back office): her new token.
    stored.set(ADMIN_LOGIN_KEY, JSON.stringify(login('anna-id', 'anna-2')));
    await post(frames);
    // Marco logged in on the same browser: Anna's frames still go with her own token (refused once it ended).
    stored.set(ADMIN_LOGIN_KEY, JSON.stringify(login('marco-id', 'marco-1')));
    await post(frames);
    expect(tokens).toEqual(['Bearer anna-1', 'Bearer anna-2', 'Bearer anna-1']);
  });
});
