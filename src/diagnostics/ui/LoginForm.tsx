import { useState, type FormEvent } from 'react';
import type { LoginState } from '../../shared/api/auth';
import { logIn } from './server';

/**
 * Username, password and a Log in button; a failed login says why. The tool's login screen, and the
 * logging card's when uploads are refused for an ended login (the stored login is the admin's too).
 */
export function LoginForm({ onLogin, label = 'Log in' }: { onLogin: (state: LoginState) => void; label?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onLogin(await logIn({ username: username.trim(), password }));
    } catch (failure) {
      setError((failure as Error).message || 'Login failed');
    } finally {
      setBusy(false);
    }
  };
  const field = 'h-10 w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100';
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <label className="block space-y-1 text-sm text-zinc-300">
        <span>Username</span>
        <input
          className={field}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </label>
      <label className="block space-y-1 text-sm text-zinc-300">
        <span>Password</span>
        <input
          className={field}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <button
        disabled={busy}
        className="h-10 w-full rounded-md bg-blue-600 text-sm font-medium text-white hover:bg-blue-500 disabled:opacity-50"
      >
        {label}
      </button>
    </form>
  );
}
