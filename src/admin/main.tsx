import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { adminApi } from './core/data/api';
import { httpProvider } from './core/data/httpProvider';
import { createAdminStore } from './core/data/store';
import { loadLoginState } from './core/session/loginState';
import './styles.css';

const login = loadLoginState();
const store = createAdminStore(httpProvider(() => loadLoginState()?.token));
const root = createRoot(document.getElementById('root')!);
const render = (screen: ReactNode) =>
  root.render(
    <StrictMode>
      <Provider store={store}>{screen}</Provider>
    </StrictMode>,
  );

// Logged out, the browser loads only the login screen; logged in, the first data loads while the
// admin's code does (the HTML's inline script started the requests: src/shared/api/earlyRequests.ts).
// Plain dynamic imports, not React.lazy: a Suspense reveal is throttled by up to 300 ms.
if (login) {
  void store.dispatch(adminApi.endpoints.schemas.initiate());
  void store.dispatch(adminApi.endpoints.permissions.initiate());
  void import('./AdminApp').then(({ default: AdminApp }) => render(<AdminApp login={login} />));
} else {
  void import('./login/LoginPage').then(({ default: Login }) => render(<Login />));
}
