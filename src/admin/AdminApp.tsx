import { lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router';
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

function Router({ location, children }: { location?: string; children: React.ReactNode }) {
  return location === undefined ? (
    <BrowserRouter>{children}</BrowserRouter>
  ) : (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
}

const relative = (path: string) => path.replace(/^\/_\/?/, '');

function Live({ token }: { token: string }) {
  const { registry } = useAdmin();
  useSessionCheck();
  useRealtime(token, registry);
  return null;
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
  return (
    <Suspense
      fallback={
        <Centered>
          <Spinner className="size-6" />
        </Centered>
      }
    >
      <Screen />
    </Suspense>
  );
}

/**
 * The logged-in admin: loads the schemas the caller may see, then routes every screen inside the
 * layout. `location` renders one URL on the server (src/admin/ssr/renderAdmin.tsx).
 */
export default function AdminApp({ login, location }: { login: LoginState; location?: string }) {
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
      <Router location={location}>
        <Live token={login.token} />
        <Routes>
          <Route
            path="/_/story"
            element={
              <Suspense
                fallback={
                  <Centered>
                    <Spinner className="size-6" />
                  </Centered>
                }
              >
                <StoryPage />
              </Suspense>
            }
          />
          <Route path="/_" element={<Layout />}>
            {Object.entries(SCREENS).map(([name, screen]) => {
              const element = <ScreenGate screen={screen} Screen={SCREEN_COMPONENTS[name as ScreenName]} />;
              return screen.path === '/_' ? (
                <Route key={screen.path} index element={element} />
              ) : (
                <Route key={screen.path} path={relative(screen.path)} element={element} />
              );
            })}
            <Route path=":plural" element={<ListPage />} />
            <Route
              path=":plural/:id"
              element={
                <Suspense
                  fallback={
                    <Centered>
                      <Spinner className="size-6" />
                    </Centered>
                  }
                >
                  <EditPage />
                </Suspense>
              }
            />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Router>
    </AdminProvider>
  );
}
