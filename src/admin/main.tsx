import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { adminApi } from './core/data/api';
import { httpProvider } from './core/data/httpProvider';
import { preloadAction, readPreload } from './core/data/preload';
import { createAdminStore } from './core/data/store';
import { loadLoginState } from './core/session/loginState';
import './styles.css';

const login = loadLoginState();
const store = createAdminStore(httpProvider(() => loadLoginState()?.token));
const container = document.getElementById('root')!;
const wrap = (screen: ReactNode) => (
  <StrictMode>
    <Provider store={store}>{screen}</Provider>
  </StrictMode>
);
const render = (screen: ReactNode) => createRoot(container).render(wrap(screen));

/** Over a server-rendered page: the root stops saying it is busy once the page is live. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => container.removeAttribute('aria-busy'), []);
  return children;
}

// Logged out, the browser loads only the login screen. Logged in, either the server rendered the page
// and embedded its data (into the cache first, so the first render matches the server's markup), or
// the first data loads while the admin's code does (the HTML's inline script started the requests:
// src/shared/api/earlyRequests.ts). Plain dynamic imports, not React.lazy: a Suspense reveal is
// throttled by up to 300 ms.
const preload = login ? readPreload() : undefined;
if (preload) store.dispatch(preloadAction(preload));
if (login) {
  const schemas = store.dispatch(adminApi.endpoints.schemas.initiate());
  void store.dispatch(adminApi.endpoints.permissions.initiate());
  // Over a server-rendered page, React takes over its markup (hydration) once the schemas are in too.
  void Promise.all([import('./AdminApp'), preload ? schemas : undefined]).then(([{ default: AdminApp }]) => {
    if (!preload) return render(<AdminApp login={login} />);
    hydrateRoot(
      container,
      wrap(
        <Hydrated>
          <AdminApp login={login} />
        </Hydrated>,
      ),
    );
  });
} else {
  void import('./login/LoginPage').then(({ default: Login }) => render(<Login />));
}
