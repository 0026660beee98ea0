import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { schemaSet } from '../../shared/generated/schemas';
import { AdminProvider } from '../core/AdminContext';
import type { Doc, SessionUser } from '../core/data/types';
import type { LoggingFrame } from '../../shared/api/logging';
import { memoryProvider } from '../core/data/memoryProvider';
import type { MemoryFileOptions } from '../core/data/memoryFiles';
import type { MemoryReportOptions } from '../core/data/memoryReports';
import { createAdminStore } from '../core/data/store';
import { Layout } from '../layout/Layout';

export const storyUser: SessionUser = { _id: '66a1f0c2e4b0a1b2c3d4e5f6', login: 'mmeier', roles: ['admin'] };

const id = (n: number) => `66a1f0c2e4b0a1b2c3d4${n.toString(16).padStart(4, '0')}`;
const clients = [
  'Rheinblick Immobilien AG',
  'Bäckerei Kleinbasel GmbH',
  'Atelier Spalenberg',
  'Kanzlei Meier & Partner',
  'Velo Basel AG',
].map((name, i) => ({
  _id: id(0xe900 + i),
  id: i + 1,
  name,
  firstname: ['Anna', 'Beat', 'Claudia', 'Daniel', 'Eva'][i],
  lastname: ['Keller', 'Meier', 'Huber', 'Frei', 'Wyss'][i],
  email: `info@${name.split(' ')[0].toLowerCase()}.ch`,
  _createdAt: new Date(Date.UTC(2025, i, 3 + i, 9, 30)).toISOString(),
}));
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

/** Documents of the stories' in-memory data layer (also used by component tests). */
export const storyData: Record<string, Doc[]> = {
  client: clients,
  invoice: Array.from({ length: 32 }, (_, i) => ({
    _id: id(0xa000 + i),
    id: 1000 + i,
    name: ['Website-Relaunch', 'Beratung Q1', 'Hosting 2025', 'Fotoshooting'][i % 4],
    client: clients[i % clients.length]._id,
    date: day(i * 5),
    status: i % 3 === 0 ? 'paid' : 'open',
    items: [{ name: 'Beratung', price: 120, count: 2 + (i % 7) }],
    total: 120 * (2 + (i % 7)),
  })),
  mailTemplate: [
    {
      _id: id(0xb001),
      name: 'contactConfirmation',
      subject: 'Ihre Anfrage bei Baukasten Beratung',
      html: '<h1 style="font-family:sans-serif">Guten Tag</h1><p style="font-family:sans-serif">Vielen Dank für Ihre Anfrage.</p>',
    },
  ],
  user: [{ _id: storyUser._id, login: storyUser.login, roles: ['admin'] }],
};

/**
 * An admin screen at `path` inside the real layout and router, over the in-memory implementation of
 * the data interface (same RTK Query endpoints as the app).
 */
export function AdminStory({
  path,
  route,
  children,
  data = storyData,
  permissions,
  delayMs = 150,
  files,
  reports,
  logging,
  user = storyUser,
}: {
  path: string;
  route: string;
  children: ReactNode;
  data?: Record<string, Doc[]>;
  permissions?: string[];
  delayMs?: number;
  files?: MemoryFileOptions;
  /** Report answers and rendered files; missing reports fail (see memoryReports). */
  reports?: MemoryReportOptions;
  /** Logging frames of the diagnostics tool. */
  logging?: readonly LoggingFrame[];
  user?: SessionUser;
}) {
  const store = useMemo(
    () =>
      createAdminStore(
        memoryProvider({ schemas: schemaSet, data, permissions, user, delayMs, files, reports, logging }),
      ),
    [data, permissions, delayMs, files, reports, logging, user],
  );
  const context = useMemo(
    () => ({
      schemas: schemaSet,
      permissions: permissions ?? ['manage:cms', 'manage:files', 'manage:payment', 'manage:backend'],
    }),
    [permissions],
  );
  // A data router like the app's (edit forms hold navigations while they have unsaved changes).
  const router = useMemo(
    () =>
      createMemoryRouter([{ path: '/_', element: <Layout />, children: [{ path: route, element: children }] }], {
        initialEntries: [path],
      }),
    [path, route, children],
  );
  return (
    <Provider store={store}>
      <AdminProvider context={context} user={user}>
        <RouterProvider router={router} />
      </AdminProvider>
    </Provider>
  );
}
