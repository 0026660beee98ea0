import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { canAccess } from './core/access';
import { AdminProvider, useAdmin } from './core/AdminContext';
import { usePermissionsQuery, useSchemasQuery } from './core/data/api';
import type { ApiFailure, LoginState } from './core/data/types';
import { useRealtime } from './core/realtime/useRealtime';
import { endSession } from './core/session/session';
import { useSessionCheck } from './core/session/useSessionCheck';
import { Layout } from './layout/Layout';
import ListPage from './list/ListPage';
import { NotFound } from './screens/NotFound';
import { ScreenError } from './screens/ScreenError';
import { screenAccess } from './screens/screenAccess';
import { SCREENS, type ScreenName, type ScreenSpec } from './screens/screens';
import { Button } from './ui/Button';
import { Spinner } from './ui/Spinner';

// The form renderer is the heaviest part of the admin: load it with the first edit page, not with the list.
const EditPage = lazy(() => import('./edit/EditPage'));
// The standalone scroll-animation preview (outside the layout).
const StoryPage = lazy(() => import('./story/StoryPage'));
// Hand-written screens of the file store and queues, loaded with their route.
const SCREEN_COMPONENTS: Record<ScreenName, React.LazyExoticComponent<() => React.ReactNode>> = {
  files: lazy(() => import('./files/FilesPage')),
  file: lazy(() => import('./files/FileDetailPage')),
  queues: lazy(() => import('./queues/QueuesPage')),
  imagePresets: lazy(() => import('./presets/ImagePresetsPage')),
  swarm: lazy(() => import('./swarms/SwarmPage')),
  mailTemplate: lazy(() => import('./mail/MailTemplatePage')),
  timetracking: lazy(() => import('./timetracking/TimeTrackingPage')),
  dashboard: lazy(() => import('./dashboard/DashboardPage')),
  pageDrafts: lazy(() => import('./pages/PageDraftsPage')),
  pageDraft: lazy(() => import('./pages/PageEditorPage')),
  layout: lazy(() => import('./pages/LayoutEditorPage')),
  elements: lazy(() => import('./elements/ElementsPage')),
  logs: lazy(() => import('./logs/LogsPage')),
};

const relative = (path: string) => path.replace(/^\/_\/?/, '');

/** A lazily loaded screen, with a spinner while its code loads. */
const loading = (screen: ReactNode) => (
  <Suspense
    fallback={
      <Centered>
        <Spinner className="size-6" />
      </Centered>
    }
  >
    {screen}
  </Suspense>
);

/**
 * Every admin route (a data router's, so that an edit form can hold a navigation while it has unsaved
 * changes). A screen that fails to render shows why inside the layout. `token` opens the realtime socket
 * (empty when rendering on the server, src/admin/ssr/renderAdmin.tsx).
 */
export function adminRoutes(token: string): RouteObject[] {
  const screens: RouteObject[] = Object.entries(SCREENS).map(([name, screen]) => {
    const element = <ScreenGate screen={screen} Screen={SCREEN_COMPONENTS[name as ScreenName]} />;
    return screen.path === '/_' ? { index: true, element } : { path: relative(screen.path), element };
  });
  return [
    {
      element: <Live token={token} />,
      children: [
        { path: '/_/story', element: loading(<StoryPage />) },
        {
          path: '/_',
          element: <Layout />,
          children: [
            {
              errorElement: <ScreenError />,
              children: [
                ...screens,
                { path: ':plural', element: <ListPage /> },
                { path: ':plural/:id', element: loading(<EditPage />) },
                { path: '*', element: <NotFound /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

// One router per page (not per render: StrictMode would start a second one listening to the history).
let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

function BrowserRoutes({ token }: { token: string }) {
  browserRouter ??= createBrowserRouter(adminRoutes(token));
  return <RouterProvider router={browserRouter} />;
}

/** What runs on every admin route: the session check and the realtime socket. */
function Live({ token }: { token: string }) {
  const { registry } = useAdmin();
  useSessionCheck();
  useRealtime(token, registry);
  return <Outlet />;
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6 text-center text-[13px] text-zinc-600">
      {children}
    </div>
  );
}

/**
 * A hand-written screen, or the not-found state for a caller who may not open it: it reads like a model
 * they may not read (the server refuses its calls anyway).
 */
function ScreenGate({
  screen,
  Screen,
}: {
  screen: ScreenSpec;
  Screen: React.LazyExoticComponent<() => React.ReactNode>;
}) {
  const { registry, permissions } = useAdmin();
  if (!canAccess(permissions, screenAccess(screen, registry))) return <NotFound />;
  return loading(<Screen />);
}

/**
 * The logged-in admin: loads the schemas the caller may see, then routes every screen inside the
 * layout. `serverRouter` renders one URL on the server (src/admin/ssr/renderAdmin.tsx).
 */
export default function AdminApp({ login, serverRouter }: { login: LoginState; serverRouter?: ReactNode }) {
  const schemas = useSchemasQuery();
  const permissions = usePermissionsQuery();
  const context = useMemo(
    () => (schemas.data && permissions.data ? { schemas: schemas.data, permissions: permissions.data } : undefined),
    [schemas.data, permissions.data],
  );
  if (schemas.isLoading || permissions.isLoading) {
    return (
      <Centered>
        <Spinner className="size-6" />
      </Centered>
    );
  }
  if (!context) {
    const failure = (schemas.error ?? permissions.error) as ApiFailure | undefined;
    if (failure?.status === 401) endSession();
    return (
      <Centered>
        <div className="space-y-3">
          <p>The admin could not load: {failure?.message ?? 'unknown error'}</p>
          <Button onClick={() => void Promise.all([schemas.refetch(), permissions.refetch()])}>Try again</Button>
        </div>
      </Centered>
    );
  }
  return (
    <AdminProvider context={context} user={login.user}>
      {serverRouter ?? <BrowserRoutes token={login.token} />}
    </AdminProvider>
  );
}
