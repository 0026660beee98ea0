import { CircleAlert, Info } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../ui/Button';
import { Logo } from '../ui/Logo';
import { documentTitle } from '../../shared/admin/titles';
import { useLoginController } from './useLoginController';

const input =
  'mt-1.5 block h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-500 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/20 focus:outline-none';

/** The screen shown with no stored login state. */
export function LoginPage({ controller }: { controller: ReturnType<typeof useLoginController> }) {
  const { username, setUsername, password, setPassword, error, notice, busy, submit, reset } = controller;
  useEffect(() => {
    document.title = documentTitle('Login');
  }, []);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2.5">
          <Logo />
          <span className="text-[15px] font-semibold tracking-tight text-zinc-900">Baukasten</span>
        </div>
        <form onSubmit={submit} className="rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8" noValidate>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900">Sign in with your account</h1>
          <p className="mt-1 text-[13px] text-zinc-500">Admin back office</p>
          {notice && (
            <p
              role="status"
              className="mt-4 flex items-start gap-2 rounded-md border border-accent-100 bg-accent-50 px-3 py-2 text-[13px] text-zinc-800"
            >
              <Info aria-hidden className="mt-px size-4 shrink-0 text-accent-600" />
              {notice}
            </p>
          )}
          <div className="mt-6 space-y-4">
            <label className="block text-[13px] font-medium text-zinc-700">
              Username
              <input
                className={input}
                name="username"
                autoComplete="username"
                autoFocus
                value={username}
                onChange={(e) => setUsername(e.target.value)}
              />
            </label>
            <label className="block text-[13px] font-medium text-zinc-700">
              Password
              <input
                className={input}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
          </div>
          {error && (
            <p
              role="alert"
              className="mt-4 flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-[13px] text-red-700"
            >
              <CircleAlert aria-hidden className="mt-px size-4 shrink-0" />
              {error}
            </p>
          )}
          <div className="mt-6 flex gap-2">
            <Button type="submit" variant="primary" className="flex-1" disabled={busy}>
              LOGIN
            </Button>
            <Button type="button" variant="secondary" onClick={reset}>
              RESET
            </Button>
          </div>
        </form>
      </div>
    </main>
  );
}

/** The login screen with its logic. */
export default function Login() {
  return <LoginPage controller={useLoginController()} />;
}
