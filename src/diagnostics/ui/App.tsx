import { useEffect, useState } from 'react';
import type { LoginState } from '../../shared/api/auth';
import { DiagnosticsPage } from './DiagnosticsPage';
import { LoginForm } from './LoginForm';
import { checkLogin, forgetLogin, loadLogin, onStoredLogin } from './server';
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
  return login ? <Tool login={login} onLogin={setLogin} /> : <Login onLogin={setLogin} />;
}

/** `onLogin`: another user logged in through the Logging card. */
function Tool({ login, onLogin }: { login: LoginState; onLogin: (login: LoginState) => void }) {
  return <DiagnosticsPage controller={useDiagnostics(login, onLogin)} />;
}

/** Also taken: a login in the back office in another tab of this browser (it shares the login). */
function Login({ onLogin }: { onLogin: (state: LoginState) => void }) {
  useEffect(() => onStoredLogin(onLogin), [onLogin]);
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div className="w-full max-w-sm space-y-4 rounded-xl border border-zinc-800 bg-zinc-900 p-6">
        <div>
          <h1 className="text-lg font-semibold text-zinc-50">Simos Web</h1>
          <p className="text-sm text-zinc-400">Log in to use the diagnostics tool.</p>
        </div>
        <LoginForm onLogin={onLogin} />
      </div>
    </main>
  );
}
