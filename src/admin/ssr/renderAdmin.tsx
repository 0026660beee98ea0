import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import AdminApp from '../AdminApp';
import type { AdminPreload } from '../../shared/api/earlyRequests';
import { preloadAction } from '../core/data/preload';
import { createAdminStore } from '../core/data/store';
import type { DataProvider, SessionUser } from '../core/data/types';

/** On the server nothing is fetched: every answer the page needs is in the preload. */
const noProvider = new Proxy({} as DataProvider, {
  get: () => () => Promise.reject(new Error('The admin does not fetch data while rendering on the server')),
});

/**
 * The admin page at `location` as HTML, from the answers in `preload` (server-side rendering of a
 * list page; the browser renders it again with the same data once its code has loaded).
 */
export function renderAdmin(location: string, user: SessionUser, preload: AdminPreload): string {
  const store = createAdminStore(noProvider);
  store.dispatch(preloadAction(preload));
  // The token never enters the markup: the browser renders with its own login state.
  return renderToString(
    <Provider store={store}>
      <AdminApp login={{ token: '', user }} location={location} />
    </Provider>,
  );
}
