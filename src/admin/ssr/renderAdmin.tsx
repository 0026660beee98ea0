import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import AdminApp, { adminRoutes } from '../AdminApp';
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
export async function renderAdmin(location: string, user: SessionUser, preload: AdminPreload): Promise<string> {
  const store = createAdminStore(noProvider);
  store.dispatch(preloadAction(preload));
  // The token never enters the markup: the browser renders with its own login state.
  const handler = createStaticHandler(adminRoutes(''));
  const context = await handler.query(new Request(new URL(location, 'http://admin.local')));
  // The admin's routes neither load data nor redirect: a Response here is a bug.
  if (context instanceof Response) throw new Error(`The admin's routes answered ${context.status} for ${location}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <Provider store={store}>
      <AdminApp
        login={{ token: '', user }}
        serverRouter={<StaticRouterProvider router={router} context={context} hydrate={false} />}
      />
    </Provider>,
  );
}
