import { useEffect, useState, type FormEvent } from 'react';
import type { LoginState } from '../../shared/api/auth';
import { DiagnosticsPage } from './DiagnosticsPage';
import { checkLogin, forgetLogin, loadLogin, logIn } from './server';
import { useDiagnostics } from './useDiagnostics';

/** The standalone tool: login required (the back office's login), then the tool. */
export function App() {
  const [login, setLogin] = useState<LoginState | null>(() => loadLogin());
  useEffect(() => {
    if (!login) return;
    void checkLogin(login.token).then((valid) => {
      if (valid) return;
      forgetLogin();
      setLogin(null);
    });
  }, [login]);
  return login ? <Tool token={login.token} /> : <Login onLogin={setLogin} />;
}

function Tool({ token }: { token: string }) {
  return <DiagnosticsPage controller={useDiagnostics(token)} />;
}

function Login({ onLogin }: { onLogin: (state: LoginState) => void }) {
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
    <main className="flex min-h-dvh items-center justify-center p-4">
      <form
        onSubmit={(event) => void submit(event)}
        className="w-full max-w-sm space-y-4 rounded-xl border border-zinc-800 bg-zinc-900 p-6"
      >
        <div>
          <h1 className="text-lg font-semibold text-zinc-50">Simos Web</h1>
          <p className="text-sm text-zinc-400">Log in to use the diagnostics tool.</p>
        </div>
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
          Log in
        </button>
      </form>
    </main>
  );
}
